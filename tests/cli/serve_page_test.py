# SPDX-License-Identifier: Apache-2.0
"""The status page of `spgraph serve` (GET /, docs/server.md) in a real headless browser.

Starts `spgraph serve GRAPH --undirected --base 0` on a free port, opens the page in Debian's
chromium through selenium (python3-selenium, /usr/bin/chromedriver) and checks what a person
would see: the vertex and edge counts equal a brute-force count of the graph file; a BFS asked
through the page's form shows exactly the JSON the /bfs endpoint answers, whose reach equals a
brute-force BFS, and a table of its levels; the degree chart is an SVG with one bar per degree
the /degrees histogram lists; the server has a --token-file, and an update posted through the
form without the page's token field filled in is shown as HTTP 401 and changes nothing, while
the same update with the token is applied (the edge count grows by one). Run by ctest as serve_page_browser (label "browser"):
    serve_page_test.py SPGRAPH_BINARY GRAPH_FILE
Exits 77 (ctest: skipped) when selenium, chromium or chromedriver is missing.
"""

import collections
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request

SKIP = 77


def find_browser():
    """Paths of chromium and chromedriver, or None for what is missing."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    return chromium, driver


def read_graph(path):
    """The undirected graph of an edge-list file numbered from 0: (n, edge set, adjacency)."""
    edges = set()
    n = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            u, v = (int(x) for x in line.split()[:2])
            edges.add((min(u, v), max(u, v)))
            n = max(n, u + 1, v + 1)
    adj = collections.defaultdict(set)
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    return n, edges, adj


def bfs_levels(adj, source):
    """Brute-force BFS: {vertex: level} of every vertex reached from source."""
    level = {source: 0}
    queue = collections.deque([source])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if v not in level:
                level[v] = level[u] + 1
                queue.append(v)
    return level


def get_json(url):
    """GET url and parse its JSON answer."""
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def start_server(binary, graph, token_file):
    """Starts the server on a free port, taking updates with the token in token_file; returns
    (process, base URL)."""
    proc = subprocess.Popen([binary, "serve", graph, "--undirected", "--base", "0", "--port", "0",
                             "--token-file", token_file, "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline().strip()
    prefix = "listening on "
    if not first.startswith(prefix):
        proc.kill()
        raise RuntimeError("the server did not start: %r %s" % (first, proc.stderr.read()))
    return proc, first[len(prefix):]


def make_driver(chromium, driver_path, profile):
    """A headless chromium driven by selenium, with its own profile directory."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=" + profile, "--window-size=1200,1600"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver_path), options=options)


def absent_edge(n, edges):
    """An undirected edge (u, v), u < v < n, that the graph does not have."""
    for u in range(n):
        for v in range(u + 1, n):
            if (u, v) not in edges:
                return u, v
    raise AssertionError("the test graph is complete")


def check_update_token(driver, url, graph, token):
    """POST /updates through the form: refused (401, shown) without the token, applied with."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    n, edges, _ = read_graph(graph)
    u, v = absent_edge(n, edges)
    wait = WebDriverWait(driver, 60)
    status = driver.find_element(By.ID, "answer-status")
    Select(driver.find_element(By.ID, "endpoint")).select_by_visible_text("POST /updates")
    token_field = driver.find_element(By.ID, "token")
    assert token_field.get_attribute("type") == "password", token_field.get_attribute("type")
    driver.find_element(By.ID, "body").send_keys("+ %d %d" % (u, v))
    driver.find_element(By.ID, "run").click()
    wait.until(lambda d: "POST /updates: HTTP" in status.text)
    assert "HTTP 401" in status.text and "token" in status.text, status.text
    assert "error" in status.get_attribute("class"), status.get_attribute("class")
    assert get_json(url + "/stats")["edges"] == len(edges)

    token_field.send_keys(token)
    driver.execute_script("document.getElementById('answer-status').textContent = ''")
    driver.find_element(By.ID, "run").click()
    wait.until(lambda d: "POST /updates: HTTP" in status.text)
    assert "HTTP 200" in status.text, status.text
    assert json.loads(driver.find_element(By.ID, "answer-json").text)["inserted"] == 1
    assert get_json(url + "/stats")["edges"] == len(edges) + 1


def check_page(driver, url, graph):
    """Every check on the loaded page; raises AssertionError on the first that fails."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    n, edges, adj = read_graph(graph)
    driver.get(url + "/")
    wait = WebDriverWait(driver, 60)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    shown = {k: driver.find_element(By.ID, k).text for k in ("vertices", "edges", "directed")}
    assert shown == {"vertices": str(n), "edges": str(len(edges)), "directed": "no"}, shown

    # A BFS through the form: the page shows what the endpoint answers.
    Select(driver.find_element(By.ID, "endpoint")).select_by_visible_text("GET /bfs")
    driver.find_element(By.ID, "param-source").send_keys("30")
    driver.find_element(By.ID, "param-levels").click()
    driver.find_element(By.ID, "param-limit").send_keys("50")
    driver.find_element(By.ID, "run").click()
    status = driver.find_element(By.ID, "answer-status")
    wait.until(lambda d: "HTTP" in status.text)
    assert "HTTP 200" in status.text, status.text
    shown_answer = json.loads(driver.find_element(By.ID, "answer-json").text)
    direct = get_json(url + status.get_attribute("data-url"))
    assert shown_answer == direct, (shown_answer, direct)
    want = bfs_levels(adj, 30)
    assert direct["reached"] == len(want), (direct["reached"], len(want))
    first = sorted(want.items())[:50]
    assert [tuple(e) for e in direct["levels"]] == first, direct["levels"][:5]
    rows = driver.find_elements(By.CSS_SELECTOR, "#answer-table table[data-field=levels] tbody tr")
    assert len(rows) == 50, len(rows)
    cells = rows[1].find_elements(By.TAG_NAME, "td")
    assert [c.text for c in cells] == [str(x) for x in first[1]], [c.text for c in cells]

    # The degree chart: one bar per degree >= 1 of the histogram.
    histogram = get_json(url + "/degrees")["histogram"]
    bars = driver.find_elements(By.CSS_SELECTOR, "svg#degree-chart rect.bar")
    assert len(bars) == sum(1 for d, _ in histogram if d >= 1) > 0, len(bars)


def main():
    """Runs the checks; returns the process exit status."""
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary, graph = sys.argv[1], sys.argv[2]
    try:
        import selenium  # noqa: F401  (only to know whether it is there)
    except ImportError:
        print("skipped: python3-selenium is not installed")
        return SKIP
    chromium, driver_path = find_browser()
    if not chromium or not driver_path:
        print("skipped: chromium or chromedriver is not installed")
        return SKIP
    profile = tempfile.mkdtemp(prefix="spgraph-page-")
    token = "page-test-token-7f3a"
    token_file = os.path.join(profile, "token")
    with open(token_file, "w", encoding="utf-8") as f:
        f.write(token + "\n")
    os.chmod(token_file, 0o600)
    proc, url = start_server(binary, graph, token_file)
    driver = None
    try:
        driver = make_driver(chromium, driver_path, os.path.join(profile, "chromium"))
        check_page(driver, url, graph)
        check_update_token(driver, url, graph, token)
    finally:
        if driver is not None:
            driver.quit()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
        shutil.rmtree(profile, ignore_errors=True)
    if code != 0:
        print("the server exited with status %d" % code)
        return 1
    print("ok: the page shows the graph, answers a BFS as /bfs does, draws the chart and posts "
          "updates with its token")
    return 0


if __name__ == "__main__":
    sys.exit(main())
