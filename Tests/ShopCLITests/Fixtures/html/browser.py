"""The one way the tests open shop's pages in a real browser: Debian's headless Chromium, driven
by its chromedriver through Selenium, with a profile of its own in a temporary folder, no
network of its own (no sync, no updates, no background requests), and a log of every request
the page makes.

    browser = Browser(chromium, chromedriver, phone=True)   # 390 x 844 CSS pixels, touch
    browser.open(path)
    ...
    browser.close()
"""
import json
import os
import shutil
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PHONE = {"width": 390, "height": 844}
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/130.0 Mobile Safari/537.36")
FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
    "--disable-extensions", "--mute-audio", "--hide-scrollbars", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-features=Translate",
]


class Browser:
    def __init__(self, chromium, chromedriver, phone=False, width=None, scale=1, profile=None):
        """A browser; with `phone`, a phone's screen of `width` (default 390) CSS pixels by 844,
        `scale` device pixels to the CSS pixel, touch and a phone's user agent. `profile` keeps
        the browser's data (its
        local storage) in a folder that outlives this browser: the next one given the same
        folder is the same browser started again."""
        self.chromium = chromium
        self.chromedriver = chromedriver
        self.owned_profile = profile is None
        self.profile = tempfile.mkdtemp(prefix="shop-chromium-") if profile is None else profile
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in FLAGS + [f"--user-data-dir={self.profile}"]:
            options.add_argument(flag)
        if phone:
            metrics = dict(PHONE, width=width or PHONE["width"], pixelRatio=float(scale), touch=True, mobile=True)
            options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics, "userAgent": PHONE_AGENT})
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service(chromedriver))
        self.driver.set_script_timeout(30)
        self.requests = []

    def open(self, path):
        """Loads the file `path`, and waits for it to have loaded."""
        self.driver.get("file://" + os.path.abspath(path))

    def evaluate(self, expression, *arguments):
        """The value of a JavaScript expression in the page."""
        return self.driver.execute_script("return " + expression, *arguments)

    def cdp(self, method, params=None):
        """A DevTools command."""
        return self.driver.execute_cdp_cmd(method, params or {})

    def log_requests(self):
        """Adds the requests that pages opened from files sent since the last call (their own
        files among them) to `requests`, from the performance log: those the browser began,
        less those its Content-Security-Policy stopped before they left. The browser's own pages
        (its new tab) are not the tests' concern."""
        began = {}
        stopped = set()
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message.get("method") == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if url.startswith("file:") or params.get("documentURL", "").startswith("file:"):
                    began.setdefault(params["requestId"], []).append(url)
            elif message.get("method") == "Network.loadingFailed" and params.get("blockedReason") == "csp":
                stopped.add(params["requestId"])
        for request, urls in began.items():
            if request not in stopped:
                self.requests += urls
        return self.requests

    def close(self):
        try:
            self.driver.quit()
        finally:
            if self.owned_profile:
                shutil.rmtree(self.profile, ignore_errors=True)
