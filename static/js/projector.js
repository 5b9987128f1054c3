// Projector: split the list into screen-sized pages, turn them, ask for fresh results (a 304
// while nothing changed) and swap the board when there are.
(function () {
  "use strict";
  var body = document.body;
  var pageSeconds = parseInt(body.getAttribute("data-page-seconds"), 10) || 12;
  var reloadSeconds = Math.max(2, parseInt(body.getAttribute("data-reload-seconds"), 10) || 30);
  var board = document.getElementById("board");
  var items = [];
  function collect() {
    items = Array.prototype.slice.call(board.querySelectorAll(".item"));
  }
  collect();
  var pageNo = document.getElementById("page-no");
  var pageCount = document.getElementById("page-count");
  var clock = document.getElementById("clock");
  var pages = [];

  function paginate() {
    items.forEach(function (item) { item.classList.remove("hidden"); });
    pages = [];
    var box = board.getBoundingClientRect();
    // An item overflows below the board (a table's rows) or to its right (a seating list in
    // CSS columns, whose overflow flows into a further column).
    function overflows(item) {
      var rect = item.getBoundingClientRect();
      return rect.bottom > box.bottom + 1 || rect.right > box.right + 1;
    }
    var current = [];
    // Measure page by page: show items until one overflows the board, then start a new page.
    items.forEach(function (item) { item.classList.add("hidden"); });
    items.forEach(function (item) {
      item.classList.remove("hidden");
      if (current.length && overflows(item)) {
        current.forEach(function (other) { other.classList.add("hidden"); });
        pages.push(current);
        current = [];
        item.classList.remove("hidden");
      }
      current.push(item);
    });
    if (current.length) pages.push(current);
    if (!pages.length) pages = [[]];
    balance(overflows);
  }

  // The greedy pages above fill each screen and leave the rest for the last one: 39 names and
  // then a single name shown for a whole turn. Spread the items evenly over the same number of
  // pages (sizes differ by at most one) when every such page still fits the board; else keep
  // the greedy pages (e.g. rows of very different heights).
  function balance(overflows) {
    var count = pages.length;
    if (count < 2) return;
    var total = items.length;
    var small = Math.floor(total / count);
    var larger = total % count; // the first `larger` pages get one item more
    var even = [];
    var start = 0;
    for (var p = 0; p < count; p += 1) {
      var size = small + (p < larger ? 1 : 0);
      even.push(items.slice(start, start + size));
      start += size;
    }
    var fits = even.every(function (page) {
      items.forEach(function (item) { item.classList.add("hidden"); });
      page.forEach(function (item) { item.classList.remove("hidden"); });
      return !page.some(overflows);
    });
    if (fits) pages = even;
  }

  var index = 0;
  function show(i) {
    items.forEach(function (item) { item.classList.add("hidden"); });
    pages[i].forEach(function (item) { item.classList.remove("hidden"); });
    pageNo.textContent = String(i + 1);
    pageCount.textContent = String(pages.length);
  }

  function tick() {
    index += 1;
    if (index >= pages.length) {
      index = 0;
    }
    show(index);
  }

  function updateClock() {
    var now = new Date();
    clock.textContent = String(now.getHours()).padStart(2, "0") + ":" + String(now.getMinutes()).padStart(2, "0");
  }

  paginate();
  show(0);
  updateClock();
  window.setInterval(tick, pageSeconds * 1000);
  window.setInterval(updateClock, 15000);
  // Ask every reloadSeconds with the page's ETag; without fetch, reload after a full cycle.
  var etag = body.getAttribute("data-etag") || "";
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var freshBoard = fresh.getElementById("board");
    var subtitle = document.querySelector("header .subtitle");
    var freshSubtitle = fresh.querySelector("header .subtitle");
    if (!freshBoard) return;
    board.innerHTML = freshBoard.innerHTML;
    if (subtitle && freshSubtitle) subtitle.innerHTML = freshSubtitle.innerHTML;
    collect();
    paginate();
    index = 0;
    show(0);
  }
  function poll() {
    fetch(window.location.href, {
      headers: etag ? { "If-None-Match": etag } : {},
      cache: "no-store",
      credentials: "same-origin"
    }).then(function (response) {
      if (response.status === 404) window.location.reload();
      if (response.status !== 200) return null;
      etag = response.headers.get("ETag") || etag;
      return response.text();
    }).then(function (html) {
      if (html) swap(html);
    }).catch(function () {});
  }
  if (window.fetch && window.DOMParser) {
    window.setInterval(poll, reloadSeconds * 1000);
  } else {
    var cycle = Math.max(reloadSeconds, pages.length * pageSeconds);
    window.setTimeout(function () { window.location.reload(); }, cycle * 1000);
  }
  window.addEventListener("resize", function () { paginate(); index = 0; show(0); });
})();
