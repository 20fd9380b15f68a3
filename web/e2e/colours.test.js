// The sides' colours (web/style.css --british, --american, --french, which
// the map renderer reads) stay apart for colour-blind players and carry
// white text legibly: opposing sides differ by a CIE76 distance of 40 or
// more in normal vision and under protanopia, deuteranopia and tritanopia
// (Machado, Oliveira and Fernandes 2009, severity 1); white names on every
// side's pieces have a contrast of 4.5:1 or more (WCAG AA).
import { it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const css = readFileSync(new URL("../style.css", import.meta.url), "utf8");
const colour = (name) => {
  const m = css.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`));
  assert.ok(m, `--${name} in style.css`);
  return m[1];
};

const VISION = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

const linear = (hex) => [1, 3, 5].map((i) => {
  const c = parseInt(hex.slice(i, i + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
function lab([r, g, b]) {
  const [x, y, z] = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, luminance([r, g, b]), (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089];
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
const seen = (hex, m) => linear(hex).map((_, i, c) => Math.min(1, Math.max(0, m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2])));
const distance = (a, b) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]));

it("the sides stay apart in every kind of colour vision", () => {
  const british = colour("british");
  for (const other of [colour("american"), colour("french")]) {
    for (const [vision, m] of Object.entries(VISION)) {
      const d = distance(seen(british, m), seen(other, m));
      assert.ok(d >= 40, `${british} and ${other} under ${vision}: ${d.toFixed(1)}`);
    }
  }
});

it("white names read on every side's pieces", () => {
  for (const name of ["british", "american", "french"]) {
    const ratio = 1.05 / (luminance(linear(colour(name))) + 0.05);
    assert.ok(ratio >= 4.5, `white on --${name} ${colour(name)}: ${ratio.toFixed(2)}:1`);
  }
});

it("the checks catch a red and a green that colour-blind players confuse", () => {
  const d = distance(seen("#c0392b", VISION.deuteranopia), seen("#4c9a2a", VISION.deuteranopia));
  assert.ok(d < 40, `red and green under deuteranopia: ${d.toFixed(1)}`);
  assert.ok(1.05 / (luminance(linear("#4f86d9")) + 0.05) < 4.5, "the old French blue fails white text");
});
