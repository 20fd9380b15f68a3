// Screenshots of a game page for checking the client by eye (not a test):
//   node shot.mjs URL OUT.png [HOW] [WIDTHxHEIGHT]
// HOW is one or more of, joined by "+": fit (the whole map), zoom:X0,Y0,W,H
// (that part of the map), show:SELECTOR (wait for that element and scroll it
// into view, e.g. show:#invite-box or show:.dice-info), click:SELECTOR (click
// it, e.g. click:#replay-turn-back).
import { chromium } from "playwright-core";
import { launchOptions } from "./browser.js";

const [url, out, how = "", size = "1400x900"] = process.argv.slice(2);
const [width, height] = size.split("x").map(Number);
const browser = await chromium.launch(launchOptions());
try {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(url);
  await page.waitForSelector("svg.map .space");
  for (const part of how.split("+").filter(Boolean)) {
    if (part === "fit") await page.click("#zoom-fit");
    else if (part.startsWith("zoom:")) {
      await page.evaluate((vb) => document.querySelector("svg.map").setAttribute("viewBox", vb), part.slice(5).replace(/,/g, " "));
    } else if (part.startsWith("click:")) {
      await page.click(part.slice(6));
      await page.waitForTimeout(500);
    } else if (part.startsWith("show:")) {
      const sel = part.slice(5);
      await page.waitForSelector(sel, { state: "visible", timeout: 15000 });
      await page.evaluate((s) => document.querySelector(s).scrollIntoView({ block: "center" }), sel);
    }
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
