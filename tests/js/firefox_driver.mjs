// Drives Debian's Firefox ESR over WebDriver BiDi for the cross-browser smoke
// tests (tests/xbrowser.py), with puppeteer-core: no driver and no browser
// download. Python starts this program and speaks to it in JSON lines:
// one command per line on stdin, one answer per line on stdout.
//
//   node tests/js/firefox_driver.mjs FIREFOX PROXY_PORT
//
// Commands: {op: "goto", url}, {op: "reload"}, {op: "run", fn, args}
// (the source of a function run in the page with these arguments; its value
// comes back), {op: "wait", fn, arg, timeout}, {op: "click", x, y}, {op: "touch", x, y, hold},
// {op: "size", width, height, scale, mobile}, {op: "shot", path},
// {op: "requests"} (every URL the page asked for since the last time),
// {op: "errors"} (console errors and uncaught exceptions, likewise), {op: "quit"}.
// An answer is {ok: true, value} or {ok: false, error}.

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, proxyPort] = process.argv.slice(2);

// Every request that does not go to the loopback address is sent to the
// test's proxy, which records it and fails it; Firefox's own calls home are
// switched off so that what reaches the proxy is the page's.
const prefs = {
  "network.proxy.type": 1,
  "network.proxy.http": "127.0.0.1",
  "network.proxy.http_port": Number(proxyPort),
  "network.proxy.ssl": "127.0.0.1",
  "network.proxy.ssl_port": Number(proxyPort),
  "network.proxy.no_proxies_on": "127.0.0.1,localhost",
  "network.proxy.allow_hijacking_localhost": false,
  "app.update.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "services.settings.server": "http://127.0.0.1:9/",
  "toolkit.telemetry.enabled": false,
  // Scrollbars over the page, as on a phone (and in headless Chromium): the
  // classic ones took 12 of the phone's 390 CSS pixels.
  "ui.useOverlayScrollbars": 1,
};

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  extraPrefsFirefox: prefs,
});
const page = await browser.newPage();
let requests = [];
let errors = [];
page.on("request", (request) => {
  requests.push(request.url());
});
page.on("console", (message) => {
  if (message.type() === "error") {
    errors.push({ url: page.url(), text: `console: ${message.text()} (${page.url()})` });
  }
});
page.on("pageerror", (error) => {
  errors.push({ url: page.url(), text: `page error: ${error.message} (${page.url()})` });
});

/**
 * Load another page. Firefox reports the requests of the page being left that
 * its service worker could not finish (the page went away) as errors of that
 * page; they are dropped, and every error of the page before and after is kept.
 * @param {() => Promise<unknown>} navigate
 */
async function leaveFor(navigate) {
  const leaving = page.url();
  const before = errors.length;
  await navigate();
  if (page.url() === leaving) return; // the same address: every error is the page's
  errors = errors.filter((error, i) => i < before || error.url !== leaving);
}

/** @param {string} source */
function compile(source) {
  return new Function(`return (${source});`)();
}

const commands = {
  goto: async ({ url }) => {
    await leaveFor(() => page.goto(url, { waitUntil: "load", timeout: 60_000 }));
  },
  reload: async () => {
    await page.reload({ waitUntil: "load", timeout: 60_000 });
  },
  run: async ({ fn, args }) => page.evaluate(compile(fn), ...(args ?? [])),
  wait: async ({ fn, arg, timeout }) => {
    await page.waitForFunction(compile(fn), { timeout, polling: 100 }, arg);
  },
  click: async ({ x, y }) => {
    await page.mouse.click(x, y);
  },
  // A finger on the screen for `hold` ms (a touch pointer in input.performActions).
  touch: async ({ x, y, hold }) => {
    await page.touchscreen.touchStart(x, y);
    await new Promise((done) => setTimeout(done, hold));
    await page.touchscreen.touchEnd();
  },
  size: async ({ width, height, scale, mobile }) => {
    await page.setViewport({ width, height, deviceScaleFactor: scale, isMobile: mobile });
  },
  shot: async ({ path }) => {
    await page.screenshot({ path });
  },
  requests: async () => {
    const seen = requests;
    requests = [];
    return seen;
  },
  errors: async () => {
    const seen = errors.map((error) => error.text);
    errors = [];
    return seen;
  },
  version: async () => browser.version(),
  quit: async () => {
    await browser.close();
    process.exit(0);
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  let answer;
  try {
    const handler = commands[command.op];
    if (!handler) throw new Error(`unknown command ${command.op}`);
    const value = await handler(command);
    answer = { ok: true, value: value ?? null };
  } catch (error) {
    answer = { ok: false, error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
await browser.close();
