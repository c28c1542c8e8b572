"""A seat played in headless Chromium through the page only, as a friend far away plays it: it taps the
buttons the page shows and, at a table played by swiping, drags from its saucer with the pointer. Used by the
browser tests and by smoke (screenshots of the browser table at phone and laptop sizes).

Selenium and Chromium are needed (the test extra and Debian's ``chromium``, ``chromium-driver``);
``available()`` says whether they are here. Every call blocks: run them in a worker thread while the
game's loop steps in the main one (``in_browser``).
"""

from __future__ import annotations

import math
import shutil
import time
from concurrent.futures import ThreadPoolExecutor

try:  # the test extra: without it there is no browser seat (available() says so)
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
except ImportError:
    webdriver = None

PHONE, LAPTOP = (390, 844), (1280, 800)
CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
MINE = "return typeof MGN !== 'undefined' && MGN.mine() && !document.querySelector('#board.moving')"
DIE = """
const t = table, c = document.querySelector('#board canvas');
if (!t || !c || !t.view.level) return null;  // only a table drawn to scale is swiped on
const r = c.getBoundingClientRect(), k = r.width / t.view.level.table_w, [x, y] = t.view.saucers[t.view.current];
const open = t.view.level.targets.filter((_, i) => t.view.pieces[i].length);
return {x: x * k - r.width / 2, y: y * k - r.height / 2, k: k, full: t.facts.full_drag,
        targets: (open.length ? open : t.view.level.targets).map((g) => [(g.x - x) * k, (g.y - y) * k])};
"""


def available() -> bool:
    if webdriver is None:
        return False
    return any(shutil.which(name) for name in CHROMIUM) and shutil.which("chromedriver") is not None


class BrowserSeat:
    def __init__(self, size: tuple[int, int] = PHONE):
        options = webdriver.ChromeOptions()
        options.binary_location = next(shutil.which(name) for name in CHROMIUM if shutil.which(name))
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--window-size={size[0]},{size[1]}"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)

    def open(self, link: str) -> None:
        self.driver.get(link)

    def resize(self, size: tuple[int, int]) -> None:
        self.driver.set_window_size(*size)

    def my_move(self) -> bool:
        """The page says it is this seat's move and the table has stopped moving."""
        return bool(self.driver.execute_script(MINE))

    def text(self) -> str:
        return self.driver.find_element("tag name", "body").text

    def act(self, rng) -> bool:
        """One move through the page: a random button it offers, else a swipe from the saucer."""
        try:
            buttons = [b for b in self.driver.find_elements(By.CSS_SELECTOR, "#choices button") if b.is_enabled()]
            flicks = [b for b in buttons if not b.text.startswith("Replay")]
            if flicks:
                rng.choice(flicks).click()
                return True
            return self.swipe(rng)
        except WebDriverException:
            return False  # the page redrew meanwhile: the next look tries again

    def swipe(self, rng) -> bool:
        """Press on the die and drag towards a target with pieces standing, at a middling power."""
        die = self.driver.execute_script(DIE)
        if die is None:
            return False
        canvas = self.driver.find_element("css selector", "#board canvas")
        tx, ty = rng.choice(die["targets"])
        angle, length = math.atan2(ty, tx), rng.uniform(0.45, 0.75) * die["full"] * die["k"]
        chain = ActionChains(self.driver).move_to_element_with_offset(canvas, int(die["x"]), int(die["y"])).click_and_hold()
        for _ in range(6):
            chain = chain.move_by_offset(round(math.cos(angle) * length / 6), round(math.sin(angle) * length / 6)).pause(0.03)
        chain.release().perform()
        return True

    def shot(self, path: str) -> None:
        self.driver.save_screenshot(path)

    def quit(self) -> None:
        self.driver.quit()


def in_browser(worker: ThreadPoolExecutor, step, action, seconds: float = 30.0):
    """Run a browser call in the worker while `step()` keeps the game going; its result."""
    future = worker.submit(action)
    deadline = time.monotonic() + seconds
    while not future.done():
        if time.monotonic() > deadline:
            raise TimeoutError("the browser did not answer")
        step()
    return future.result()
