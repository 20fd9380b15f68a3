// Screenshots of a game page for checking the client by eye (not a test):
//   node shot.mjs URL OUT.png [fit|zoom:X0,Y0,W,H] [WIDTHxHEIGHT]
import { chromium } from "playwright-core";
import { launchOptions } from "./browser.js";

const [url, out, how = "", size = "1400x900"] = process.argv.slice(2);
const [width, height] = size.split("x").map(Number);
const browser = await chromium.launch(launchOptions());
try {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(url);
  await page.waitForSelector("svg.map .block, svg.map .hex, svg.map .area");
  if (how === "fit") await page.click("#zoom-fit");
  else if (how.startsWith("zoom:")) {
    await page.evaluate((vb) => document.querySelector("svg.map").setAttribute("viewBox", vb), how.slice(5).replace(/,/g, " "));
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
