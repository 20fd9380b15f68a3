#!/usr/bin/env python3
"""Generate (and check) the reconstructed Liberty hex map data files.

    python3 tools/liberty-map/gen.py generate   # rewrite crates/liberty/data/*.tsv
    python3 tools/liberty-map/gen.py check      # regenerate in memory, diff against the files
    python3 tools/liberty-map/gen.py show       # print an ASCII picture of the grid

This is NOT the publisher's map: it is a reconstruction from real geography
(see crates/liberty/data/README.md).

Projection: Lambert conformal conic, spherical earth R = 6371 km, standard
parallels 33N and 45N, origin 39N 75W.  Grid: flat-topped hexes, "odd-q"
offset layout (odd columns shifted half a hex south), columns increase
eastward, rows southward.  Centre-to-centre spacing 99 km (61.5 miles,
"approximately sixty miles per hex", rule 1.0).  The spacing and the grid
offset (OX, OY, in hex units) were chosen by a search over 92-101 km and
offsets in 1/20 hex steps that minimises the number of rule-named places
sharing a hex while keeping the adjacency facts the rules state (West Point
next to New Brunswick, Springfield and Newport next to Boston, Dover next to
Monmouth, Yorktown next to the hex north of Cape Charles, one hex between
Fort Ticonderoga and Albany).

Land/sea: the PyPI package `global-land-mask` (GLOBE 1 km land mask, public
domain NOAA data; needs numpy) sampled at 19 points per hex; a hex is land when
at least 45% of the samples are land or it holds a town.  The Great Lakes are
land in that mask, so Lake Ontario and Lake Erie are hand-drawn polygons below
(water).  Hexsides between two land hexes are sampled along the hexside: 20%
water or more makes the hexside navigable (naval yes), 90% or more makes it
all-sea (ground no).

Only `generate` needs global-land-mask (pip install global-land-mask numpy);
the Rust loader and tests only read the TSV files.
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DATA = os.path.join(ROOT, "crates", "liberty", "data")
PLACES = os.path.join(ROOT, "..", "shared", "data", "places.tsv")
if not os.path.exists(PLACES):
    PLACES = "/work/shared/data/places.tsv"

# ---------------------------------------------------------------- projection
R_EARTH = 6371.0
PHI1, PHI2, PHI0, LAM0 = 33.0, 45.0, 39.0, -75.0
SPACING_KM = 99.0
SIZE_KM = SPACING_KM / math.sqrt(3)  # centre to corner
OX, OY = 1.05, 0.6 * math.sqrt(3)  # grid offset in hex units (search result)
# shift so that ids are positive; C0 must be even to keep the odd-q parity
C0, R0 = 12, 10
# map extent (hex centres)
LAT_MIN, LAT_MAX, LON_MIN, LON_MAX = 30.6, 47.6, -85.6, -65.8
# zone line 4.0: hex centre latitude >= this is North (Maryland-Virginia line,
# roughly the Potomac; puts Baltimore and Philadelphia North as 5.4 says)
ZONE_LAT = 38.6


def _lcc():
    p1, p2, p0 = map(math.radians, (PHI1, PHI2, PHI0))
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = R_EARTH * f / math.tan(math.pi / 4 + p0 / 2) ** n
    return n, f, rho0


N_, F_, RHO0 = _lcc()


def project(lat, lon):
    """(lat, lon) -> (x east km, y north km)."""
    rho = R_EARTH * F_ / math.tan(math.pi / 4 + math.radians(lat) / 2) ** N_
    th = N_ * math.radians(lon - LAM0)
    return rho * math.sin(th), RHO0 - rho * math.cos(th)


def unproject(x, y):
    rho = math.copysign(math.hypot(x, RHO0 - y), N_)
    th = math.atan2(x, RHO0 - y)
    lat = 2 * math.atan((R_EARTH * F_ / rho) ** (1 / N_)) - math.pi / 2
    return math.degrees(lat), LAM0 + math.degrees(th / N_)


def pixel(col, row):
    """Hex centre in hex units (size 1, y down); same formula as map.rs."""
    return 1.5 * col, math.sqrt(3) * (row + 0.5 * (col & 1))


def px_to_latlon(px, py):
    x = (px - 1.5 * C0 - OX) * SIZE_KM
    y = -(py - math.sqrt(3) * R0 - OY) * SIZE_KM
    return unproject(x, y)


def latlon_to_px(lat, lon):
    x, y = project(lat, lon)
    return x / SIZE_KM + OX + 1.5 * C0, -y / SIZE_KM + OY + math.sqrt(3) * R0


def px_to_hex(px, py):
    q = px * 2 / 3
    r = -px / 3 + math.sqrt(3) / 3 * py
    cx, cz = q, r
    cy = -cx - cz
    rx, ry, rz = round(cx), round(cy), round(cz)
    dx, dy, dz = abs(rx - cx), abs(ry - cy), abs(rz - cz)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, rz + (rx - (rx & 1)) // 2


def latlon_to_hex(lat, lon):
    return px_to_hex(*latlon_to_px(lat, lon))


def centre(col, row):
    return px_to_latlon(*pixel(col, row))


def neighbours(col, row):
    if col & 1:
        d = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    else:
        d = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
    return [(col + a, row + b) for a, b in d]


def hid(c, r):
    return "%02d%02d" % (c, r)


# ------------------------------------------------------------- hand-drawn geography
# Lakes the land mask counts as land (rough outlines, geography).
LAKES = {
    "Lake Ontario": [(43.20, -79.85), (43.30, -79.00), (43.25, -77.60), (43.30, -76.80),
                     (43.50, -76.20), (44.00, -76.10), (44.25, -76.50), (44.05, -77.10),
                     (43.95, -77.80), (43.65, -79.40)],
    "Lake Erie": [(41.70, -83.45), (41.40, -82.70), (41.45, -81.70), (41.90, -80.50),
                  (42.20, -79.80), (42.60, -79.00), (42.90, -78.90), (42.75, -80.20),
                  (42.60, -81.20), (42.30, -82.00), (42.00, -83.10)],
    "Lake Huron": [(43.00, -82.40), (44.00, -82.60), (45.00, -83.40), (46.00, -84.00),
                   (46.30, -81.50), (45.30, -80.00), (44.50, -80.00), (44.00, -81.70),
                   (43.20, -81.80)],
}

# Forest hexsides (reconstructed): a land-land hexside whose midpoint lies in
# one of these regions is forest.  Boundaries follow the 1775 frontier of
# settlement and the mountain belts.
FOREST = {
    # Allegheny plateau, the ridges west of the Great Valley, the Blue Ridge and
    # the trans-Appalachian country (Ohio, Kentucky, Tennessee): the Shawnee and
    # Cherokee country.
    "Appalachians and the west": [
        (43.30, -86.0), (43.30, -76.40), (42.60, -75.90), (42.00, -75.40), (41.30, -75.60),
        (40.60, -76.70), (39.90, -77.60), (39.20, -78.20), (38.30, -78.90), (37.40, -79.70),
        (36.50, -80.60), (35.60, -81.80), (35.00, -82.70), (34.40, -83.60), (33.80, -85.0),
        (33.50, -86.0)],
    # Adirondacks and the country between Lake Ontario and Lake Champlain, north
    # of the Mohawk valley (upstate New York), and the Lake George portage.
    "Adirondacks": [
        (45.10, -75.80), (44.40, -76.40), (43.55, -76.00), (43.20, -75.10),
        (43.15, -74.20), (43.25, -73.50), (43.90, -73.10), (44.90, -73.10)],
    # Green Mountains, White Mountains, Maine and New Brunswick woods, the
    # Appalachians south of the St Lawrence (the Arnold route to Québec).
    "Northern New England and the Canadian woods": [
        (42.75, -73.30), (42.70, -72.60), (43.10, -71.80), (43.50, -71.10),
        (43.90, -70.40), (44.40, -69.00), (44.70, -67.60), (45.10, -66.40),
        (45.60, -65.50), (48.50, -65.50), (48.50, -68.50), (47.60, -69.60),
        (46.60, -71.00), (46.00, -72.50), (45.40, -73.00), (45.00, -73.10)],
    # Laurentian shield north of the St Lawrence.
    "Laurentians": [
        (45.60, -76.50), (45.70, -74.60), (46.15, -73.30), (46.55, -72.30),
        (46.95, -71.20), (47.40, -70.40), (48.50, -69.00), (48.50, -76.50)],
    # Western Pennsylvania/New York border country (Seneca lands).
    "Seneca country": [
        (43.30, -80.0), (43.30, -77.20), (42.60, -76.60), (41.80, -77.00), (41.70, -80.0)],
}

# Marsh hexsides (reconstructed; marsh does not make wilderness, 1.4).
MARSH = {
    "Great Dismal Swamp": [(37.10, -77.00), (37.00, -75.80), (36.00, -75.60), (35.80, -77.20)],
    "Carolina and Georgia low country": [
        (35.40, -77.60), (35.20, -76.20), (34.00, -77.80), (33.00, -79.20), (31.50, -80.70),
        (30.50, -81.30), (30.50, -82.40), (31.60, -81.90), (32.60, -80.90),
        (33.60, -79.90), (34.60, -78.60)],
    "South Carolina swamps (Santee)": [(34.00, -80.60), (33.90, -79.40), (33.20, -79.60), (33.30, -80.60)],
}

# ----------------------------------------------------------------- towns
# name, value, colour, port, nudge (dc, dr) or None, closed_by, note
TOWNS = [
    ("Boston", 3, "blue", "yes", None, "",
     "rule 11.4 diagram: value 3; rule 5.2 example: next to Springfield and Newport; "
     "reconstructed: blue (Patriot town; the British start occupied by set-up 12.0, so they control it in 1775 by occupation, rule 1.2); port: harbour"),
    ("Québec", 3, "red", "yes", None, "",
     "rule 1.3: port accessible from the Atlantic box; reconstructed: value 3 (capital of Canada, walled fortress), red (Carleton's garrison, set-up 12.0)"),
    ("Montreal", 2, "red", "no", None, "",
     "reconstructed: value 2 (second town of Canada), red (Peters's Loyalists, set-up 12.0); "
     "not a port: ocean shipping stopped at Québec (Richelieu rapids, Lake St Peter shoals) and 1.3 notes only Québec as the St Lawrence port"),
    ("Norfolk", 2, "red", "yes", None, "",
     "reconstructed: value 2, red (Dunmore and Cunningham's Loyalists, set-up 12.0), port (Hampton Roads, inside the Virginia capes but south of the York, so not closed by Yorktown)"),
    ("Fort Oswego", 0, "red", "no", None, "",
     "reconstructed: small town 0 (a lake fort), red (Butler's Rangers base, set-up 12.0); not a port: on Lake Ontario, no Atlantic access"),
    ("Wilmington", 1, "red", "yes", None, "",
     "reconstructed: value 1, red (Tarleton and Cape Fear Loyalists, set-up 12.0), port (Cape Fear River)"),
    ("Augusta", 1, "red", "no", None, "",
     "reconstructed: value 1, red (Ferguson's Loyalists, set-up 12.0); not a port (up the Savannah River)"),
    ("Springfield", 2, "blue", "no", (0, -1), "",
     "rule 5.2 example: adjacent to Boston by a clear hexside; reconstructed: value 2 (arsenal, Washington's base in set-up 12.0), blue; "
     "nudged one hex north of its true hex (shared with Hartford) so both exist"),
    ("Hartford", 3, "blue", "yes", None, "",
     "rule 11.4 diagram: value 3 and a port (Connecticut River); reconstructed: blue (Putnam, set-up 12.0)"),
    ("Fort Ticonderoga", 1, "blue", "no", None, "",
     "reconstructed: value 1 (fort with stores), blue (taken by Allen and Arnold May 1775; Gates in set-up 12.0); rule 5.6: one hex (Saratoga) separates it from Albany"),
    ("Newport", 2, "blue", "yes", None, "",
     "rule 5.2 example: adjacent to Boston; reconstructed: value 2, blue (Wooster, set-up 12.0), port (Narragansett Bay); covers Providence"),
    ("Portsmouth", 2, "blue", "yes", None, "",
     "reconstructed: value 2, blue (Stark, set-up 12.0), port (Piscataqua); covers Falmouth/Portland"),
    ("New York", 4, "blue", "yes", None, "",
     "rule 11.4 diagram: value 4; reconstructed: blue (Clinton's militia, set-up 12.0), port"),
    ("New Brunswick", 2, "blue", "yes", None, "",
     "rule 11.4 diagram: value 2, a port (Raritan River / Perth Amboy), adjacent to West Point; reconstructed: blue (Dickinson, set-up 12.0)"),
    ("Charleston", 3, "blue", "yes", None, "",
     "reconstructed: value 3 (largest southern port), blue (Sumter, set-up 12.0), port"),
    ("West Point", 0, "blue", "no", None, "",
     "rule 11.4 diagram: small town (no supply value), adjacent to the port New Brunswick; reconstructed: blue, not a port"),
    ("Albany", 1, "blue", "no", None, "",
     "rule 11.4 diagram: value 1; reconstructed: blue; not a port (Hudson river movement 5.6 serves it)"),
    ("Fort Stanwix", 0, "blue", "no", None, "",
     "rule 11.4 diagram: small town, not adjacent to a port; reconstructed: blue (rebuilt by the Americans as Fort Schuyler 1776)"),
    ("Philadelphia", 4, "blue", "yes", (-1, 0), "Dover",
     "reconstructed: value 4 (largest city, seat of Congress), blue, port closed by Dover (rule 5.4, 11.3); "
     "nudged one hex west of its true hex so Monmouth keeps the Trenton-Monmouth hex across the bay from Dover"),
    ("Baltimore", 3, "blue", "yes", None, "Yorktown",
     "reconstructed: value 3 (Baltimore with Annapolis and Alexandria, which share the hex), blue, port inside Chesapeake Bay closed by Yorktown (rule 5.4, 11.3); North zone per the 5.4 note; covers Annapolis and Alexandria"),
    ("Yorktown", 2, "blue", "yes", None, "",
     "rule 5.4: Chesapeake choke point next to the hex north of Cape Charles; reconstructed: value 2 (Yorktown with Williamsburg, the Virginia capital, which shares the hex), blue, port (York River)"),
    ("Dover", 1, "blue", "no", None, "",
     "rule 5.4: Delaware choke point, south of the estuary, no ground move to Monmouth; reconstructed: value 1 (capital of Delaware), blue, not a port"),
    ("Monmouth", 1, "blue", "no", None, "",
     "rule 5.4: across the Delaware estuary from Dover; reconstructed: value 1 (Monmouth Court House with Trenton and Princeton, which share the hex), blue"),
    ("Cherokee", 0, "orange", "no", None, "",
     "rule 1.2/10.0: Indian town, British; reconstructed: no supply value (3.3 and 10.0 give Indians their own supply rule, so it is not a Supply Town); Overhill Cherokee towns on the Little Tennessee, wilderness"),
    ("Mohawk", 0, "orange", "no", (0, -1), "",
     "rule 1.2/10.0: Indian town, British; reconstructed: no supply value (as Cherokee); Mohawk castles were in the Mohawk valley, nudged one hex north into the Adirondack edge so the town is wilderness (1.4)"),
    ("Shawnee", 0, "orange", "no", None, "",
     "rule 1.2/10.0: Indian town, British; reconstructed: no supply value (as Cherokee); Shawnee towns on the Little Miami/Scioto (Chillicothe), wilderness"),
    # other towns (reconstructed)
    ("Savannah", 1, "red", "yes", None, "",
     "reconstructed: value 1, red (Georgia, the most Loyalist colony; royal governor until 1776), port"),
    ("Ninety Six", 1, "red", "no", None, "",
     "reconstructed: value 1, red (backcountry Loyalists, 1775 siege), inland"),
    ("Richmond", 2, "blue", "no", None, "",
     "reconstructed: value 2, blue (Virginia conventions 1775); not a port (falls of the James)"),
    ("Lancaster", 2, "blue", "no", None, "",
     "reconstructed: value 2 (Lancaster with York, which shares the hex; Congress sat there 1777), blue"),
    ("Hillsborough", 1, "blue", "no", None, "",
     "reconstructed: value 1, blue (North Carolina provincial congress 1775)"),
    ("Camden", 1, "blue", "no", None, "",
     "reconstructed: value 1, blue (Patriot supply depot)"),
    ("New Bern", 1, "blue", "yes", None, "",
     "reconstructed: value 1, blue (Patriots drove out Governor Martin 1775), port (Neuse River, Pamlico Sound)"),
    ("Cross Creek", 0, "red", "no", None, "",
     "reconstructed: small town, red (Highland Scots Loyalist centre, Moores Creek 1776)"),
    ("Fort Pitt", 0, "blue", "no", None, "",
     "reconstructed: small town (Pittsburgh), blue (Virginia/Pennsylvania garrison); wilderness edge"),
    ("Fort Niagara", 0, "red", "no", None, "",
     "reconstructed: small town, red (British post, Butler's and Brant's base); Lake Ontario shore"),
    ("Saratoga", 0, "blue", "no", None, "",
     "reconstructed: small town, blue; the hex separating Fort Ticonderoga and Albany (rule 5.6); holds Fort Edward and Schenectady"),
    ("Trois-Rivières", 0, "red", "no", None, "",
     "reconstructed: small town, red (Canada)"),
    ("Charlotte", 1, "blue", "no", None, "",
     "reconstructed: value 1, blue (Mecklenburg Resolves 1775)"),
    ("Georgetown", 0, "blue", "yes", None, "",
     "reconstructed: small town, blue, port (Winyah Bay)"),
]
# which places.tsv row gives each town its coordinates
PLACE_OF = {"Fort Pitt": "Pittsburgh"}

BOXES = [
    ("atlantic", "box", "", "", "", "", "", "",
     "rule 1.6: Atlantic box (sea movement, builds); no zone, not a port"),
    ("wi-british", "box", "south", "British West Indies", 2, "red", "yes", "",
     "rule 1.5/9.1: British West Indies port; reconstructed: value 2 (set-up puts 2 blocks there and they must winter), red, South (4.0)"),
    ("wi-french", "box", "south", "French West Indies", 2, "blue", "yes", "",
     "rule 1.5/9.1: French West Indies port; reconstructed: value 2 (as the British port), blue, South (4.0)"),
]

# Rivers and lake shores as ordered lat/lon waypoints (geography), turned into
# hex chains.  Champlain and Hudson both end in the Saratoga hex and are
# separate chains, so no river move runs from Ticonderoga through it to Albany
# (5.6).  Ontario and Erie shores are separate chains (Niagara Falls, 5.6).
RIVERS = [
    ("St Lawrence", [(44.25, -76.35), (44.70, -75.50), (45.00, -74.70), (45.50, -73.55),
                     (46.04, -73.11), (46.34, -72.54), (46.81, -71.21)],
     "geography: Lake Ontario outlet to Québec"),
    ("Richelieu-Champlain", [(46.04, -73.11), (45.45, -73.28), (45.12, -73.27), (44.62, -73.42),
                             (44.03, -73.43), (43.84, -73.39), (43.42, -73.71), (43.10, -73.60)],
     "geography: Sorel up the Richelieu, Lake Champlain, Lake George to the portage; ends in the Saratoga hex (rule 5.6)"),
    ("Hudson", [(43.10, -73.60), (42.65, -73.75), (41.93, -74.00), (41.39, -73.96), (40.71, -74.01)],
     "geography: Fort Edward down the Hudson past Albany and West Point to New York; starts in the Saratoga hex (rule 5.6)"),
    ("Mohawk", [(43.21, -75.46), (43.03, -74.99), (42.93, -74.19), (42.65, -73.75)],
     "geography: Fort Stanwix down the Mohawk to Albany"),
    ("Lake Ontario shore", [(43.26, -79.06), (43.25, -78.20), (43.30, -77.40), (43.46, -76.51),
                            (43.90, -76.25), (44.25, -76.35)],
     "geography: south and east shore, Niagara to the St Lawrence outlet; does not continue to Lake Erie (rule 5.6 Niagara Falls)"),
    ("Lake Erie shore", [(42.90, -78.90), (42.50, -79.40), (42.13, -80.07), (41.80, -81.00), (41.50, -81.70),
                         (41.45, -82.70), (41.70, -83.45)],
     "geography: south shore, Buffalo to the Maumee; separate from Lake Ontario (rule 5.6 Niagara Falls)"),
    ("Connecticut", [(43.70, -72.30), (42.95, -72.50), (42.10, -72.59), (41.76, -72.68)],
     "geography: upper valley past Springfield to Hartford (the sea-going mouth is in the Sound)"),
    ("Delaware", ["Monmouth", "Philadelphia", "Dover"],
     "geography: from Trenton (Monmouth hex) past and Philadelphia to the estuary (Dover hex; the Dover-Monmouth hexside itself is estuary, rule 5.4)"),
    ("Susquehanna", [(42.00, -76.50), (41.25, -76.80), (40.26, -76.89), (39.70, -76.20), (39.55, -76.10)],
     "geography: Tioga down the Susquehanna past Harris's Ferry to the head of Chesapeake Bay"),
    ("Potomac", [(39.60, -78.80), (39.40, -77.90), (39.00, -77.30), (38.80, -77.05), (38.20, -76.80)],
     "geography: Fort Cumberland to the tidal river"),
    ("James", [(37.70, -79.40), (37.54, -77.44), (37.20, -76.80), (36.95, -76.35)],
     "geography: Blue Ridge gap past Richmond to Hampton Roads"),
    ("Savannah", [(34.60, -83.00), (33.47, -81.97), (32.08, -81.09)],
     "geography: past Augusta to Savannah"),
    ("Santee-Wateree", [(35.23, -80.90), (34.25, -80.61), (33.50, -80.00), (33.10, -79.30)],
     "geography: Catawba/Wateree past Camden, Santee to the sea"),
    ("Cape Fear", [(36.08, -79.10), (35.05, -78.88), (34.24, -77.95)],
     "geography: Haw/Cape Fear past Cross Creek to Wilmington"),
    ("Ohio", [(40.44, -80.01), (39.40, -81.45), (38.60, -82.60), (38.70, -83.80), (39.10, -84.51)],
     "geography: Fort Pitt down the Ohio to the Miami"),
    ("Kennebec", [(45.50, -70.20), (44.32, -69.77), (43.80, -69.80)],
     "geography: Arnold's route toward Québec, upper part"),
]

# Explicit hexside rules keyed by place names (resolved to hexes).
# (place_a, place_b or direction spec, terrain, ground, naval, note)


def load_places():
    out = {}
    with open(PLACES, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            p = dict(zip(head, line.rstrip("\n").split("\t")))
            out[p["name"]] = (float(p["lat"]), float(p["lon"]))
    return out


def in_poly(lat, lon, poly):
    inside = False
    n = len(poly)
    for i in range(n):
        y1, x1 = poly[i]
        y2, x2 = poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat):
            xi = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if lon < xi:
                inside = not inside
    return inside


def region(lat, lon, regions):
    for name, poly in regions.items():
        if in_poly(lat, lon, poly):
            return name
    return None


_globe = None


def is_land(lat, lon):
    global _globe
    if _globe is None:
        from global_land_mask import globe  # noqa: PLC0415
        _globe = globe
    if region(lat, lon, LAKES):
        return False
    return bool(_globe.is_land(lat, lon))


def hex_samples(col, row):
    cx, cy = pixel(col, row)
    pts = [(cx, cy)]
    for rad, k in ((0.45, 6), (0.85, 12)):
        for i in range(k):
            a = 2 * math.pi * (i + 0.5) / k
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return [px_to_latlon(x, y) for x, y in pts]


def side_segment(a, b):
    """Endpoints (pixel) of the hexside between adjacent hexes a and b."""
    ax, ay = pixel(*a)
    bx, by = pixel(*b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    ln = math.hypot(dx, dy)
    ux, uy = -dy / ln, dx / ln
    half = 0.5  # hexside length = size = 1
    return (mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half), (mx, my)


def hex_dist(a, b):
    def cube(c, r):
        x = c
        z = r - (c - (c & 1)) // 2
        return x, -x - z, z
    p, q = cube(*a), cube(*b)
    return max(abs(p[i] - q[i]) for i in range(3))


FORCED = {}


def build():
    places = load_places()
    # -- towns
    town_hex = {}
    notes = []
    for name, val, colour, port, nudge, closed, note in TOWNS:
        lat, lon = places[PLACE_OF.get(name, name)]
        c, r = latlon_to_hex(lat, lon)
        if nudge:
            c, r = c + nudge[0], r + nudge[1]
        town_hex[name] = (c, r)
    seen = {}
    for name, h in town_hex.items():
        if h in seen:
            raise SystemExit("towns %s and %s share hex %s" % (seen[h], name, hid(*h)))
        seen[h] = name
    # -- hexes in extent
    cells = {}
    for c in range(0, 40):
        for r in range(0, 40):
            lat, lon = centre(c, r)
            if not (LAT_MIN <= lat <= LAT_MAX and LON_MIN <= lon <= LON_MAX):
                continue
            cells[(c, r)] = (lat, lon)
    land = {}
    for h in cells:
        s = hex_samples(*h)
        frac = sum(is_land(la, lo) for la, lo in s) / len(s)
        land[h] = (frac >= 0.45 and not lake_of(h)) or h in seen
        if h in seen and frac < 0.45:
            notes.append("%s: town hex forced to land (land fraction %.2f)" % (hid(*h), frac))
            FORCED[h] = frac
    # keep land hexes, and sea hexes within 2 of land
    keep = {h for h in cells if land[h]}
    for h in list(cells):
        if land[h]:
            continue
        near = any(land.get(n) for n in neighbours(*h))
        near2 = near or any(land.get(m) for n in neighbours(*h) for m in neighbours(*n))
        if near2:
            keep.add(h)
    # drop land hexes of the extent that are cut off in Lake Huron's corner etc: keep all
    return places, town_hex, seen, cells, land, keep, notes


# hexes whose centre is just outside the rough outline but which are mostly lake
LAKE_EXTRA = {(10, 5): "Lake Ontario", (6, 7): "Lake Erie", (7, 6): "Lake Erie"}


def lake_of(h):
    if h in LAKE_EXTRA:
        return LAKE_EXTRA[h]
    lat, lon = centre(*h)
    return region(lat, lon, LAKES)


def side_key(a, b):
    return (a, b) if hid(*a) < hid(*b) else (b, a)


def river_chain(name, points, keep, land, town_hex):
    fixed = {town_hex[p] for p in points if isinstance(p, str)}
    points = [centre(*town_hex[p]) if isinstance(p, str) else p for p in points]
    chain = []
    for (la1, lo1), (la2, lo2) in zip(points, points[1:]):
        steps = 60
        for i in range(steps + 1):
            t = i / steps
            h = latlon_to_hex(la1 + (la2 - la1) * t, lo1 + (lo2 - lo1) * t)
            if not chain or chain[-1] != h:
                chain.append(h)
    # remove immediate back-and-forth (a b a) wiggles
    out = []
    for h in chain:
        if len(out) >= 2 and out[-2] == h:
            out.pop()
            continue
        if h in out:  # loop: cut back
            out = out[: out.index(h) + 1]
            continue
        out.append(h)
    for x, y in zip(out, out[1:]):
        assert hex_dist(x, y) == 1, (x, y)
    changed = True
    while changed:  # shortcut: drop a hex whose two chain neighbours touch
        changed = False
        for i in range(1, len(out) - 1):
            if out[i] not in fixed and hex_dist(out[i - 1], out[i + 1]) == 1:
                del out[i]
                changed = True
                break
    while out and (out[0] not in keep or not land[out[0]]):
        out.pop(0)
    while out and (out[-1] not in keep or not land[out[-1]]):
        out.pop()
    for h in out:
        if h not in keep or not land[h]:
            raise SystemExit("river %s passes non-land hex %s" % (name, hid(*h)))
    return out


def generate():
    places, town_hex, town_at, cells, land, keep, notes = build()
    towns = {t[0]: t for t in TOWNS}
    # ---------------- special hexes
    york = town_hex["Yorktown"]
    dover = town_hex["Dover"]
    monmouth = town_hex["Monmouth"]
    cc = latlon_to_hex(*places["Cape Charles"])
    north_cc = (cc[0], cc[1] - 1)
    assert hex_dist(york, north_cc) == 1, "Yorktown must touch the hex north of Cape Charles"
    assert hex_dist(dover, monmouth) == 1
    land[north_cc] = True
    keep.add(north_cc)

    # ---------------- hexes.tsv
    lines = ["# Liberty hex map (RECONSTRUCTED, not the publisher's map). Generated by tools/liberty-map/gen.py;",
             "# edit by hand or edit the script and regenerate. See README.md.",
             "hex\tcol\trow\tlat\tlon\tterrain\tzone\ttown\tvalue\tcolour\tport\tclosed_by\tnote"]
    for h in sorted(keep, key=lambda h: hid(*h)):
        lat, lon = cells.get(h) or centre(*h)
        terr = "land" if land[h] else "sea"
        zone = "north" if lat >= ZONE_LAT else "south"
        town = town_at.get(h)
        if town:
            _, val, colour, port, nudge, closed, note = towns[town]
            if h in FORCED:
                note += "; geography: hex only %.0f%% land, kept land for the town" % (FORCED[h] * 100)
            tl = [town, str(val), colour, port, closed, note]
        else:
            lk = lake_of(h) if terr == "sea" else None
            if lk:
                note = "geography: %s (lake water, modelled as sea: ground blocks cannot cross)" % lk
            elif h == north_cc:
                note = "rule 5.4: the hex north of Cape Charles (Eastern Shore), forced land"
            else:
                note = "geography: land mask" if terr == "land" else "geography: sea (land mask)"
            tl = ["", "", "", "", "", note]
        lines.append("\t".join([hid(*h), str(h[0]), str(h[1]), "%.3f" % lat, "%.3f" % lon, terr, zone] + tl))
    for b in BOXES:
        bid, terr, zone, town, val, colour, port, closed, note = b
        lines.append("\t".join([bid, "", "", "", "", terr, zone, town, str(val), colour, port, closed, note]))
    hexes_txt = "\n".join(lines) + "\n"

    # ---------------- rivers
    rivers = []
    river_sides = set()
    for name, pts, note in RIVERS:
        ch = river_chain(name, pts, keep, land, town_hex)
        rivers.append((name, ch, note))
        for x, y in zip(ch, ch[1:]):
            river_sides.add(side_key(x, y))

    # ---------------- hexsides
    overrides = {}

    def force(a, b, terrain, ground, naval, note):
        assert hex_dist(a, b) == 1, (a, b)
        overrides[side_key(a, b)] = (terrain, ground, naval, note)

    force(york, north_cc, "clear", "no", "yes",
          "rule 5.4: Chesapeake Bay between Yorktown and the hex north of Cape Charles: no ground crossing, navigable")
    force(dover, monmouth, "clear", "no", "yes",
          "rule 5.4: Delaware estuary between Dover and Monmouth: no ground crossing, navigable")
    west_bay = (york[0], york[1] - 1)  # Northern Neck, across the bay from north_cc
    force(west_bay, north_cc, "clear", "no", "yes",
          "rule 5.4: Chesapeake Bay (open water between the Northern Neck and the Eastern Shore): no ground crossing, navigable")
    force(north_cc, town_hex["Norfolk"], "clear", "no", "yes",
          "rule 5.4: the Chesapeake entrance between Cape Charles and Cape Henry: no ground crossing, navigable")
    # warships cannot cross the peninsula above Cape Charles: its ocean-side
    # hexsides are closed to warships; the hex is entered only from the bay.
    for n in neighbours(*north_cc):
        if n in keep and not land[n]:
            lat, lon = centre(*n)
            if lon > centre(*north_cc)[1] - 0.05 or lat > centre(*north_cc)[0] + 0.3:
                force(north_cc, n, "clear", "no", "no",
                      "rule 5.4: warships cannot cross the peninsula above Cape Charles (ocean side closed)")

    rows = []
    seen_pairs = set()
    for h in sorted(keep, key=lambda h: hid(*h)):
        for n in neighbours(*h):
            if n not in keep:
                continue
            k = side_key(h, n)
            if k in seen_pairs:
                continue
            seen_pairs.add(k)
            a, b = k
            if k in overrides:
                t, g, nv, note = overrides[k]
                rows.append((a, b, t, g, nv, note))
                continue
            if not (land[a] and land[b]):
                continue  # default sea hexside
            p1, p2, mid = side_segment(a, b)
            samples = []
            for i in range(11):
                t = i / 10
                x = p1[0] + (p2[0] - p1[0]) * t
                y = p1[1] + (p2[1] - p1[1]) * t
                samples.append(px_to_latlon(x, y))
            # also across the hexside (centre to centre) near the midpoint
            ax, ay = pixel(*a)
            bx, by = pixel(*b)
            for t in (0.35, 0.45, 0.55, 0.65):
                samples.append(px_to_latlon(ax + (bx - ax) * t, ay + (by - ay) * t))
            water = sum(not is_land(la, lo) for la, lo in samples) / len(samples)
            mlat, mlon = px_to_latlon(*mid)
            forest = region(mlat, mlon, FOREST)
            marsh = None if forest else region(mlat, mlon, MARSH)
            terrain = "forest" if forest else ("marsh" if marsh else "clear")
            ground = "no" if water >= 0.9 else "yes"
            naval = "yes" if water >= 0.2 else "no"
            if terrain == "clear" and ground == "yes" and naval == "no":
                continue
            why = []
            if forest:
                why.append("reconstructed: forest (%s)" % forest)
            if marsh:
                why.append("reconstructed: marsh (%s)" % marsh)
            if ground == "no":
                why.append("geography: all-sea hexside (%.0f%% water)" % (water * 100))
            elif naval == "yes":
                lk = region(mlat, mlon, LAKES)
                why.append("geography: water on the hexside (%.0f%%%s), navigable" % (water * 100, ", " + lk if lk else ""))
            rows.append((a, b, terrain, ground, naval, "; ".join(why)))
    sl = ["# Non-default hexsides (RECONSTRUCTED). Defaults: land-land clear/ground yes/naval no;",
          "# a sea hex on either side: ground no/naval yes. Generated by tools/liberty-map/gen.py.",
          "a\tb\tterrain\tground\tnaval\tnote"]
    for a, b, t, g, nv, note in rows:
        sl.append("\t".join([hid(*a), hid(*b), t, g, nv, note]))
    sides_txt = "\n".join(sl) + "\n"

    rl = ["# Rivers and lake shores (5.6) as ordered hex chains. Generated by tools/liberty-map/gen.py.",
          "river\thexes\tnote"]
    for name, ch, note in rivers:
        rl.append("\t".join([name, " ".join(hid(*h) for h in ch), note]))
    rivers_txt = "\n".join(rl) + "\n"
    return {"hexes.tsv": hexes_txt, "hexsides.tsv": sides_txt, "rivers.tsv": rivers_txt}, notes


def show():
    files, _ = generate()
    grid = {}
    for line in files["hexes.tsv"].splitlines():
        if line.startswith("#") or line.startswith("hex\t"):
            continue
        f = line.split("\t")
        if f[1] == "":
            continue
        c, r = int(f[1]), int(f[2])
        ch = "." if f[5] == "land" else "~"
        if f[7]:
            ch = f[7][0]
        grid[(c, r)] = ch
    cs = [c for c, _ in grid]
    rs = [r for _, r in grid]
    for r in range(min(rs), max(rs) + 1):
        for half in (0, 1):
            line = ""
            for c in range(min(cs), max(cs) + 1):
                if (c & 1) == half:
                    line += "%-3s" % grid.get((c, r), " ")
                else:
                    line += "   "
            print("%02d%s %s" % (r, "ab"[half], line))


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "show":
        show()
        return
    files, notes = generate()
    for n in notes:
        print("note:", n)
    if cmd == "generate":
        for name, txt in files.items():
            with open(os.path.join(DATA, name), "w", encoding="utf-8") as f:
                f.write(txt)
        print("wrote", ", ".join(files))
    elif cmd == "check":
        bad = 0
        for name, txt in files.items():
            p = os.path.join(DATA, name)
            cur = open(p, encoding="utf-8").read() if os.path.exists(p) else ""
            if cur != txt:
                print("differs from generator output (hand edits?):", name)
                bad = 1
        sys.exit(bad)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
