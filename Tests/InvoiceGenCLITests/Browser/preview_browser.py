"""Drives the preview page in headless Chromium (Debian's chromium and chromium-driver, through Selenium).

Loads the page, changes the config's accent colour, waits for the page to show the new render,
then breaks the config and waits for the error. Prints a JSON object with what it saw.
usage: preview_browser.py URL CONFIG OUTDIR
"""
import io, json, sys, time

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

url, config_path, out = sys.argv[1:4]


def reddish(png):
    """The pixels of a screenshot close to the new accent colour #C0392B."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return sum(1 for r, g, b in image.getdata() if r > 150 and g < 90 and b < 90)


def wait(condition, seconds=8.0):
    start = time.time()
    while time.time() - start < seconds:
        value = condition()
        if value:
            return value, time.time() - start
        time.sleep(0.05)
    return None, time.time() - start


options = Options()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=800,1100", "--hide-scrollbars"]:
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
result = {}
try:
    driver.get(url)
    wait(lambda: driver.find_elements("css selector", "main img"))
    time.sleep(0.3)
    before = driver.get_screenshot_as_png()
    open(out + "/before.png", "wb").write(before)
    result["before"] = reddish(before)
    config = json.load(open(config_path))
    config.setdefault("brand", {})["accentColor"] = "#C0392B"
    json.dump(config, open(config_path, "w"), indent=2)
    after, seconds = wait(lambda: (lambda png: png if reddish(png) > result["before"] + 500 else None)(
        driver.get_screenshot_as_png()))
    result["secondsToChange"] = seconds
    if after:
        open(out + "/after.png", "wb").write(after)
    result["after"] = reddish(after) if after else result["before"]
    config["brand"]["colour"] = "red"
    json.dump(config, open(config_path, "w"), indent=2)
    shown, _ = wait(lambda: driver.find_elements("id", "error"))
    result["error"] = shown[0].text if shown else ""
    result["imagesWithError"] = len(driver.find_elements("css selector", "main img"))
finally:
    driver.quit()
print(json.dumps(result))
