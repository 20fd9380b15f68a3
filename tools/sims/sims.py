#!/usr/bin/env python3
"""The long strength runs of docs/ai.md, kept across sessions.

A pairing (pairings.tsv) is one 200-game `powderhorn simulate` run split into
shards. Its merged results live in docs/sims/NAME.json; a shard is missing
while any of its games is absent there. One session plays what it can:

    tools/sims/sims.py status                 # games done per pairing
    tools/sims/sims.py run [--workers 2] [--only PREFIX] [--bin PATH]
    tools/sims/sims.py merge                  # fold finished shards into docs/sims
    tools/sims/sims.py table                  # the merged figures as a Markdown table
    tools/sims/sims.py revalidate --old OLD --new NEW [--only PREFIX]

`run` plays the missing shards, interleaved across pairings, one game at a
time per worker (`--threads 1`) at the lowest CPU priority, writing each
finished shard to target/sims/ and each game's save file to
target/sims/saves/PAIRING/. `merge` calls `powderhorn simulate merge`, which
refuses results played under other rules. Games are seeded, so a shard
played twice gives the same games, and merging them is harmless.

After a rules change, `revalidate` replays every game of each merged
pairing from its save with `verify --trace` under OLD (the build of the
rules the pairing was played under, which its trace must name) and NEW: a
pairing whose every game meets the same seats to act and the same legal
actions, in the same order, at every move under both, and ends the same, is
relabelled with NEW's rules; its games are what NEW's rules make of those
moves (a random seat would have chosen the same). A pairing with any game
that differs, or without every save, starts again (move its file away).
"""

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAIRINGS = ROOT / "tools" / "sims" / "pairings.tsv"
RESULTS = ROOT / "docs" / "sims"
WORK = ROOT / "target" / "sims"
SAVES = WORK / "saves"


def pairings():
    """Rows of pairings.tsv: name, scenario, games, shards, seed, arguments."""
    rows = []
    for line in PAIRINGS.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, scenario, games, shards, seed, *args = line.split("\t")
        rows.append(
            {
                "name": name,
                "scenario": scenario,
                "games": int(games),
                "shards": int(shards),
                "seed": int(seed),
                "args": " ".join(args).split(),
            }
        )
    return rows


def done_games(name):
    """Game indices already in the merged results and in finished shards."""
    done = set()
    files = [RESULTS / f"{name}.json"] + sorted(WORK.glob(f"{name}.*.json"))
    for f in files:
        if f.exists():
            done |= {g["game"] for g in json.loads(f.read_text())["results"]}
    return done


def shard_games(p, i):
    """Game indices of shard i (1-based): as ai::sim::shard_range."""
    n, games = p["shards"], p["games"]
    return range((i - 1) * games // n, i * games // n)


def missing(p):
    done = done_games(p["name"])
    return [i for i in range(1, p["shards"] + 1) if not set(shard_games(p, i)) <= done]


def status(_args):
    for p in pairings():
        done = done_games(p["name"])
        merged = RESULTS / f"{p['name']}.json"
        line = f"{p['name']:<40} {len(done):>4}/{p['games']}"
        if merged.exists():
            r = json.loads(merged.read_text())
            line += "  merged: " + ", ".join(f"{s} {n}" for s, n in r["wins"].items())
            line += f", draws {r['draws']} ({r['games']} games, rules {r.get('rules') or '?'})"
        print(line)


def table(_args):
    print("| scenario | normal plays | against | games | won | Wilson 95% | mean actions |")
    print("|---|---|---|---|---|---|---|")
    for p in pairings():
        f = RESULTS / f"{p['name']}.json"
        if not f.exists():
            continue
        r = json.loads(f.read_text())
        bots = r["seats"]
        seat = next(s for s, b in bots.items() if b.startswith("ismcts"))
        other = next(s for s in bots if s != seat)
        # The options the pairing sets (the file lists every default too).
        opts = "".join(f" ({a})" for k, a in zip(p["args"], p["args"][1:]) if k == "--option")
        rate = r["win_rates"][seat]
        print(
            f"| {r['scenario']}{opts} | {seat} | {bots[other]} | {r['games']} | {r['wins'][seat]} "
            f"| {100 * rate['low']:.1f}-{100 * rate['high']:.1f}% | {r['mean_length']:.0f} |"
        )


def command(p, i, out, binary):
    return [
        "nice", "-n", "19", binary, "simulate", p["scenario"],
        "--games", str(p["games"]), "--seed", str(p["seed"]),
        "--threads", "1", "--shard", f"{i}/{p['shards']}", "--out", str(out),
        "--save-games", str(SAVES / p["name"]),
        *p["args"],
    ]


def run(args):
    WORK.mkdir(parents=True, exist_ok=True)
    rows = [p for p in pairings() if p["name"].startswith(args.only)]
    todo = {p["name"]: missing(p) for p in rows}
    # Interleaved: every pairing moves on, shard by shard.
    jobs = []
    for k in range(max((len(v) for v in todo.values()), default=0)):
        jobs += [(p, todo[p["name"]][k]) for p in rows if k < len(todo[p["name"]])]
    print(f"{len(jobs)} shards to play with {args.workers} workers", flush=True)

    def play(job):
        p, i = job
        out = WORK / f"{p['name']}.{i}.json"
        tmp = out.with_suffix(".tmp")
        r = subprocess.run(command(p, i, tmp, args.bin), capture_output=True, text=True)
        if r.returncode != 0:
            print(f"{p['name']} shard {i} failed:\n{r.stderr}", file=sys.stderr, flush=True)
            return
        tmp.rename(out)
        print(f"{p['name']} shard {i} done", flush=True)

    with ThreadPoolExecutor(args.workers) as pool:
        list(pool.map(play, jobs))


def merge(args):
    RESULTS.mkdir(parents=True, exist_ok=True)
    for p in pairings():
        shards = sorted(WORK.glob(f"{p['name']}.*.json"))
        if not shards:
            continue
        merged = RESULTS / f"{p['name']}.json"
        parts = ([merged] if merged.exists() else []) + shards
        tmp = merged.with_suffix(".tmp")
        r = subprocess.run(
            [args.bin, "simulate", "merge", *map(str, parts), "--out", str(tmp)],
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            sys.exit(f"{p['name']}: {r.stderr.strip()}")
        tmp.rename(merged)
        for s in shards:
            s.unlink()
        print(f"{p['name']}: merged {len(shards)} shard(s)")


def trace(binary, save):
    """`verify --trace` of a save: (its rules line, the rest), or None if it fails."""
    r = subprocess.run([binary, "verify", "--trace", str(save)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    head, _, rest = r.stdout.partition("\n")
    return head.removeprefix("rules\t"), rest


def revalidate(args):
    for p in pairings():
        merged = RESULTS / f"{p['name']}.json"
        if not p["name"].startswith(args.only) or not merged.exists():
            continue
        r = json.loads(merged.read_text())
        saves = [SAVES / p["name"] / f"game-{g['game']}.json" for g in r["results"]]
        absent = sum(not f.exists() for f in saves)
        if absent:
            print(f"{p['name']}: {absent} of {len(saves)} games have no save: cannot revalidate")
            continue
        rules, differ = None, []
        for g, f in zip(r["results"], saves):
            old, new = trace(args.old, f), trace(args.new, f)
            if old is None or new is None or old[0] != r["rules"] or old[1] != new[1]:
                differ.append(g["game"])
            rules = new[0] if new else rules
        if differ or rules is None:
            print(f"{p['name']}: games {differ[:10]} play otherwise under {args.new} (or {args.old} is not the "
                  f"build of {r['rules']}): start it again")
            continue
        if rules == r["rules"]:
            print(f"{p['name']}: already {rules}")
            continue
        print(f"{p['name']}: all {len(saves)} games play alike under {rules}: relabelled from {r['rules']}")
        r["rules"] = rules
        merged.write_text(json.dumps(r, indent=2) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status").set_defaults(f=status)
    sub.add_parser("table").set_defaults(f=table)
    default_bin = str(ROOT / "target" / "release" / "powderhorn")
    r = sub.add_parser("run")
    r.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    r.add_argument("--only", default="", help="pairings whose name starts with this")
    r.add_argument("--bin", default=default_bin)
    r.set_defaults(f=run)
    m = sub.add_parser("merge")
    m.add_argument("--bin", default=default_bin)
    m.set_defaults(f=merge)
    v = sub.add_parser("revalidate")
    v.add_argument("--old", required=True, help="the build of the rules the pairings were played under")
    v.add_argument("--new", required=True, help="the build of the new rules")
    v.add_argument("--only", default="", help="pairings whose name starts with this")
    v.set_defaults(f=revalidate)
    args = ap.parse_args()
    args.f(args)


if __name__ == "__main__":
    main()
