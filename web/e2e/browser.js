// How the tests start Chromium: Debian's /usr/bin/chromium (never a browser
// downloaded by Playwright), headless, and nothing that reaches the network
// on its own. Playwright itself gives each launch a new empty profile (it
// passes --user-data-dir=<a fresh temporary folder> and refuses one in args).

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

export function launchOptions() {
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-proxy-server",
    ],
  };
}
