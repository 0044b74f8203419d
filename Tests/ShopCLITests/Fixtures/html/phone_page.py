#!/usr/bin/env python3
"""Uses shop's phone page the way a person does in the store, in headless Chromium emulating a
phone 390 CSS pixels wide with a touch screen (see browser.py), and says what the page shows.

    phone_page.py CHROMIUM CHROMEDRIVER [SCALE] < STEPS.json

SCALE is the device pixels to the CSS pixel of the screen (default 1). STEPS is a JSON list of
steps, done in order in one browser (with its own profile, so its own local storage); the script
prints one JSON object: {"reads": [...], "values": [...], "timings":
[...], "requests": [...], "violations": [...], "console": [...]}.

    {"open": PATH}            load the page PATH in the current tab
    {"tap": NAME}             tap the row whose name is NAME, with a finger (touch events)
    {"key": NAME}             focus the row NAME and press Space
    {"add": TEXT}             tap the field, type TEXT, tap Add
    {"remove": NAME}          tap Remove on the added row NAME
    {"send": true}            tap "Send back" (the share sheet replaced by one that records
                              what it was given)
    {"reload": true}          reload the current tab
    {"tab": "new"}            open the page in a new tab and go to it; {"tab": N} goes to tab N
    {"restart": true}         close the browser and start it again on the same profile
    {"read": true}            add what the page shows to "reads" (see READ)
    {"evaluate": JS}          add the value of the expression JS (a promise's once settled), as
                              JSON text, to "values"
    {"time": NAME, "taps": N} tap row NAME N times, and add to "timings" how long each tap kept the
                              page busy, from its click to the end of the layout it caused, in ms
    {"screenshot": PATH}      save what the screen shows as a PNG
    {"copy": [FROM, TO]}      copy the file FROM over TO, as a new export replaces a page
    {"no-storage": true}      from the next page loaded on, local storage refuses every use, as
                              in a browser that keeps none

"requests" are the addresses of every request the browser sent: the page's files and nothing
else, when nothing is fetched. "violations" are the Content-Security-Policy violations the pages
reported (each the directive and what was blocked), "console" the browser's console messages.
"""
import json
import shutil
import sys
import tempfile
import time

from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By

from browser import Browser

# Recorded from before the page's own script runs, in every page the browser opens.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.effectiveDirective + " " + event.blockedURI);
});
"""

NO_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The storage is off", "SecurityError"); },
});
"""

READ = """(() => {
  const text = (element) => (element ? element.textContent : null);
  const rowOf = (li) => ({
    name: text(li.querySelector(".name")),
    done: li.classList.contains("done"),
    checked: li.getAttribute("aria-checked"),
    box: li.querySelector(".box").getAttribute("aria-label"),
    quantity: text(li.querySelector(".quantity")),
    total: text(li.querySelector(".total")),
    notes: text(li.querySelector(".notes")),
    height: li.getBoundingClientRect().height,
    width: li.getBoundingClientRect().width,
  });
  const sections = Array.from(document.querySelectorAll("main > section"), (section) => ({
    heading: text(section.querySelector("h2")),
    added: section.classList.contains("added"),
    hidden: section.hidden,
    rows: Array.from(section.querySelectorAll("li"), rowOf),
  }));
  const textarea = document.querySelector(".send textarea");
  return {
    title: document.title,
    h1: text(document.querySelector("h1")),
    count: text(document.querySelector(".bar .count")),
    toGet: text(document.querySelector(".bar .to-get")),
    barShown: !document.querySelector(".bar").hidden,
    sections: sections,
    hint: text(document.querySelector(".hint")),
    note: document.querySelector(".note").hidden ? null : text(document.querySelector(".note")),
    sent: text(document.querySelector(".sent")),
    text: textarea.hidden ? null : textarea.value,
    shared: window.__shared || null,
    scripts: document.scripts.length,
    resources: performance.getEntriesByType("resource").map((entry) => entry.name),
    violations: window.__violations || [],
    viewportWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    touch: navigator.maxTouchPoints,
  };
})()"""


class Phone:
    def __init__(self, chromium, chromedriver, scale):
        self.chromium = chromium
        self.chromedriver = chromedriver
        self.scale = scale
        self.browser = None
        # The browser's data, kept across a restart.
        self.profile = tempfile.mkdtemp(prefix="shop-phone-")
        self.violations = []
        self.console = []
        self.start()

    def start(self):
        self.browser = Browser(self.chromium, self.chromedriver, phone=True, scale=self.scale, profile=self.profile)
        self.browser.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        self.page = None

    def stop(self):
        """Closes the browser, keeping its profile; returns the requests it sent."""
        self.collect()
        requests = self.browser.log_requests()
        self.browser.driver.quit()
        return requests

    def collect(self):
        """Keeps the violations and console messages of the tabs so far."""
        driver = self.browser.driver
        for handle in driver.window_handles:
            driver.switch_to.window(handle)
            self.violations += self.browser.evaluate("window.__violations || []")
        self.console += [entry["message"] for entry in driver.get_log("browser")]
        driver.switch_to.window(driver.window_handles[0])

    @property
    def driver(self):
        return self.browser.driver

    def row(self, name):
        row = self.browser.evaluate(
            """Array.from(document.querySelectorAll("main li"))
                .find((li) => li.querySelector(".name").textContent === arguments[0])""", name)
        if row is None:
            raise LookupError(f"no row named {name!r}")
        return row

    def tap(self, element):
        self.browser.evaluate("arguments[0].scrollIntoView({block: 'center'})", element)
        finger = PointerInput(interaction.POINTER_TOUCH, "finger")
        actions = ActionBuilder(self.driver, mouse=finger)
        actions.pointer_action.move_to(element).pointer_down().pointer_up()
        actions.perform()

    def add(self, text):
        field = self.driver.find_element(By.CSS_SELECTOR, "form.add input")
        self.tap(field)
        if all(ord(character) < 0x10000 for character in text):
            field.send_keys(text)
        else:
            # chromedriver types only the characters of the Basic Multilingual Plane.
            self.browser.evaluate("arguments[0].value = arguments[1]", field, text)
        self.tap(self.driver.find_element(By.CSS_SELECTOR, "form.add button"))

    def send(self):
        self.browser.evaluate("""navigator.share = (shared) => {
            window.__shared = shared;
            return Promise.resolve();
        }""")
        self.tap(self.driver.find_element(By.CSS_SELECTOR, ".send-back"))
        for _ in range(200):
            if self.browser.evaluate("document.querySelector('.sent').textContent !== ''"):
                return
            time.sleep(0.05)
        raise TimeoutError("Send back said nothing")

    def time_taps(self, name, taps):
        """How long each tap keeps the page busy: from the click it makes to the end of the
        style and layout of what the page changed, measured in the page."""
        self.browser.evaluate("""(() => {
            window.__taps = [];
            let start = 0;
            window.addEventListener("click", () => { start = performance.now(); }, true);
            window.addEventListener("click", () => {
                document.body.offsetHeight;
                window.__taps.push(performance.now() - start);
            });
        })()""")
        for _ in range(taps):
            self.tap(self.row(name))
        return self.browser.evaluate("window.__taps")


def main():
    chromium, chromedriver = sys.argv[1:3]
    scale = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    steps = json.load(sys.stdin)
    phone = Phone(chromium, chromedriver, scale)
    reads = []
    values = []
    timings = []
    requests = []
    try:
        for step in steps:
            driver = phone.driver
            if "open" in step:
                phone.page = step["open"]
                phone.browser.open(step["open"])
            elif "tap" in step:
                phone.tap(phone.row(step["tap"]))
            elif "key" in step:
                row = phone.row(step["key"])
                phone.browser.evaluate("arguments[0].focus()", row)
                row.send_keys(" ")
            elif "add" in step:
                phone.add(step["add"])
            elif "remove" in step:
                phone.tap(phone.row(step["remove"]).find_element(By.CSS_SELECTOR, ".remove"))
            elif "send" in step:
                phone.send()
            elif "reload" in step:
                driver.refresh()
            elif "tab" in step:
                if step["tab"] == "new":
                    driver.switch_to.new_window("tab")
                    phone.browser.open(phone.page)
                else:
                    driver.switch_to.window(driver.window_handles[step["tab"]])
            elif "restart" in step:
                requests += phone.stop()
                phone.start()
            elif "read" in step:
                reads.append(phone.browser.evaluate(READ))
            elif "evaluate" in step:
                values.append(json.dumps(phone.browser.evaluate(step["evaluate"])))
            elif "time" in step:
                timings.append(phone.time_taps(step["time"], step["taps"]))
            elif "copy" in step:
                shutil.copyfile(*step["copy"])
            elif "no-storage" in step:
                phone.browser.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": NO_STORAGE})
            elif "screenshot" in step:
                with open(step["screenshot"], "wb") as out:
                    out.write(driver.get_screenshot_as_png())
            else:
                sys.exit(f"unknown step {step}")
        phone.collect()
        requests += phone.browser.log_requests()
    finally:
        phone.browser.close()
        shutil.rmtree(phone.profile, ignore_errors=True)
    print(json.dumps({"reads": reads, "values": values, "timings": timings, "requests": requests,
                      "violations": phone.violations, "console": phone.console}))


main()
