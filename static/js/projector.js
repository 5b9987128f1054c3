// The projector (an ES module; its parts are in projector/): the show's slides one after the
// other, long lists page by page; it asks for news with the page's ETag (a 304 while nothing
// changed), swaps in fresh slides and goes on where it was. While the network is gone it keeps
// the last good slides and shows "offline seit …"; the next good answer clears that. The
// season's projector has no slides: its whole board is one.
import { paginate } from "./projector/pages.js";
import { planSteps, nextStep, resumeAt } from "./projector/rotation.js";
import { afterPoll, offlineText } from "./projector/offline.js";

const body = document.body;
const seconds = (name, fallback, least) =>
  Math.max(least, parseInt(body.getAttribute(name), 10) || fallback);
let slideSeconds = seconds("data-slide-seconds", 12, 1);
const reloadSeconds = seconds("data-reload-seconds", 30, 1);
const board = document.getElementById("board");
const subtitle = document.querySelector("header .subtitle");
const pageNo = document.getElementById("page-no");
const pageCount = document.getElementById("page-count");
const mark = document.getElementById("offline");
const clock = document.getElementById("clock");

let slides = []; // [{ element, kind, items, pages }]
let steps = [];
let index = 0;
let connection = { since: null };

function collect() {
  const sections = Array.from(board.querySelectorAll(":scope > .slide"));
  const elements = sections.length ? sections : [board];
  slides = elements.map((element) => ({
    element,
    kind: element.getAttribute("data-kind") || "board",
    items: Array.from(element.querySelectorAll(".item")),
    pages: [[]],
  }));
}

function measure() {
  slides.forEach((slide) => {
    slides.forEach((other) => { other.element.hidden = other !== slide; });
    slide.pages = paginate(board, slide.items);
  });
  steps = planSteps(slides.map((slide) => ({ kind: slide.kind, pages: slide.pages.length })));
}

function show(at) {
  const step = steps[at];
  if (!step) return;
  const slide = slides[step.slide];
  slides.forEach((other) => { other.element.hidden = other !== slide; });
  slide.items.forEach((item) => item.classList.add("hidden"));
  slide.pages[step.page].forEach((item) => item.classList.remove("hidden"));
  const title = slide.element.querySelector(":scope > .slide-subtitle");
  if (title && subtitle) subtitle.innerHTML = title.innerHTML;
  body.setAttribute("data-showing", slide.kind);
  pageNo.textContent = String(step.page + 1);
  pageCount.textContent = String(slide.pages.length);
}

let timer = null;
function schedule() {
  if (timer) window.clearTimeout(timer);
  timer = window.setTimeout(() => {
    index = nextStep(steps, index);
    show(index);
    schedule();
  }, slideSeconds * 1000);
}

function updateClock() {
  const now = new Date();
  clock.textContent = `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`;
}

function swap(html) {
  const fresh = new DOMParser().parseFromString(html, "text/html");
  const freshBoard = fresh.getElementById("board");
  if (!freshBoard) return;
  const oldSteps = steps;
  const oldIndex = index;
  board.innerHTML = freshBoard.innerHTML;
  slideSeconds = Math.max(1, parseInt(fresh.body.getAttribute("data-slide-seconds"), 10) || slideSeconds);
  collect();
  measure();
  index = resumeAt(oldSteps, oldIndex, steps);
  show(index);
  schedule();
}

function markConnection(ok) {
  connection = afterPoll(connection, ok, new Date());
  if (!mark) return;
  mark.textContent = offlineText(mark.getAttribute("data-label") || "offline", connection.since);
  mark.hidden = !connection.since;
}

let etag = body.getAttribute("data-etag") || "";
function poll() {
  fetch(window.location.href, {
    headers: etag ? { "If-None-Match": etag } : {},
    cache: "no-store",
    credentials: "same-origin",
  }).then((response) => {
    if (response.status === 404) window.location.reload();
    const ok = response.status === 200 || response.status === 304;
    markConnection(ok);
    if (response.status !== 200) return null;
    etag = response.headers.get("ETag") || etag;
    return response.text();
  }).then((html) => {
    if (html) swap(html);
  }).catch(() => markConnection(false));
}

collect();
measure();
show(0);
schedule();
updateClock();
window.setInterval(updateClock, 15000);
window.setInterval(poll, reloadSeconds * 1000);
window.addEventListener("resize", () => { measure(); index = 0; show(0); });
