// rometools chart view: draws the plotly figure the kernel sends, and says what it is doing.
//
// The anywidget model that loads this module only carries it: the kernel sends that model
// nothing after making it.  The figure, its revision and the kernel's state arrive on the
// chart's source, a core ipywidgets model, whose messages never wait on anywidget's 2 s
// start-up (a model that misses it drops every later message: the frozen charts of plotly's
// FigureWidget under load).  plotly.js comes from the kernel once per page and version, not
// inside each chart's module.  Python side and protocol: rometools/widgets/_charts.py.

const REF = "IPY_MODEL_";
const CACHE = "__rometoolsPlotly";
const SHOW_AFTER_MS = 250;  // a state shorter than this is not shown: no flicker on fast updates
const DEFAULT_HEIGHT = 360; // pixels, as plotly's FigureWidget
const WORDS = {
  loading: "Loading the chart\u2026",
  computing: "Computing\u2026",
  drawing: "Drawing\u2026",
};

// The trace types of plotly.js's cartesian bundle (rometools/widgets/_charts.py: CARTESIAN_TRACES): a
// figure holding only these is drawn with it (1.5 MB, compiled in a third of the full bundle's time).
const CARTESIAN = new Set(["bar", "box", "contour", "heatmap", "histogram", "histogram2d", "histogram2dcontour",
                           "image", "pie", "scatter", "scatterternary", "violin"]);

function bundleFor(fig) {
  return ((fig && fig.data) || []).every((t) => CARTESIAN.has((t && t.type) || "scatter")) ? "cartesian" : "full";
}

function plotlyFrom(source, version, jsVersion, bundle) {
  // plotly.js, asked of the kernel once per page, version and bundle; after a failure the next draw asks again.
  // A page that already holds this very plotly.js (a notebook's static figures: plotly's notebook
  // output puts it in the page as window.Plotly) draws with it: no second copy to fetch and compile.
  const cache = (window[CACHE] = window[CACHE] || {});
  const shared = window.Plotly;
  if (!cache[version] && jsVersion && shared && shared.version === jsVersion && typeof shared.react === "function") {
    cache[version] = Promise.resolve(shared);
  }
  if (cache[version]) return cache[version];   // the full bundle draws every figure
  const key = bundle === "cartesian" ? `${version}:cartesian` : version;
  if (!cache[key]) {
    cache[key] = new Promise((resolve, reject) => {
      const onMessage = (msg, buffers) => {
        // the answer to this request: the full bundle answers either, the cartesian one only its own
        if (!msg || msg.kind !== "plotly.js" || (bundle !== "cartesian" && msg.bundle === "cartesian")) return;
        source.off("msg:custom", onMessage);
        if (msg.error || !buffers || !buffers.length) {
          reject(new Error(msg.error || "the kernel sent no chart library"));
          return;
        }
        // plotly.js is a UMD bundle: given a `module`, it exports itself there. It also sets window.Plotly,
        // which is put back as it was: a notebook's static figures draw with the full plotly.js they put
        // there, never with a cartesian bundle of ours (and a page's window.Plotly is never ours).
        const head = "const __rtPlotly = globalThis.Plotly;\nconst module = {exports: {}};\n";
        const tail = "\nif (__rtPlotly === undefined) delete globalThis.Plotly; else globalThis.Plotly = __rtPlotly;\n" +
          "export default module.exports;\n";
        const url = URL.createObjectURL(new Blob([head, buffers[0], tail], {type: "text/javascript"}));
        import(/* webpackIgnore: true */ url).then(
          (mod) => { URL.revokeObjectURL(url); resolve(mod.default); },
          (err) => { URL.revokeObjectURL(url); reject(err); });
      };
      source.on("msg:custom", onMessage);
      source.send({kind: "plotly.js?", bundle});
    });
    cache[key].catch(() => { delete cache[key]; });
  }
  return cache[key];
}

function figureOf(source) {
  const raw = source.get("figure");
  if (!raw || !raw.byteLength) return null;
  return JSON.parse(new TextDecoder().decode(raw));
}

function revivesText(before, after) {
  // Whether a label blank on screen gets a text: plotly.js removes a blank label's <text> node
  // and a react (or restyle) never adds it back, so the chart is drawn afresh instead.
  if (!Array.isArray(before)) return false;
  return (after || []).some((trace, i) => {
    const old = before[i] && before[i].text;
    const now = trace && trace.text;
    if (!Array.isArray(now)) return false;
    if (!Array.isArray(old)) return old != null && !old && now.some(Boolean);
    return old.length !== now.length || now.some((t, k) => t && !old[k]);
  });
}

// A chart's file name for an image: its title in lower case, words joined by hyphens.
function fileName(layout) {
  const t = layout && layout.title;
  const text = typeof t === "string" ? t : (t && t.text) || "chart";
  return text.toLowerCase().replace(/<[^>]*>/g, " ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")
    .slice(0, 70) || "chart";
}

// The toolbar: the camera saves a PNG at twice the size, and a second button an SVG, for a rulebook draft.
function configOf(Plotly, layout) {
  return {
    displaylogo: false,
    toImageButtonOptions: {format: "png", scale: 2, filename: fileName(layout)},
    modeBarButtonsToAdd: [{
      name: "Download plot as an SVG (for a rulebook draft)",
      icon: Plotly.Icons.disk || Plotly.Icons.camera,
      click: (gd) => Plotly.downloadImage(gd, {format: "svg", filename: fileName(gd.layout)}),
    }],
  };
}

function wordsOf(err) {
  const text = (err && (err.message || String(err))) || "unknown error";
  return text.length > 300 ? text.slice(0, 300) + "\u2026" : text;
}

async function render({ model, el }) {
  const ref = model.get("source") || "";
  const source = await model.widget_manager.get_model(ref.startsWith(REF) ? ref.slice(REF.length) : ref);
  const version = model.get("plotly_version");
  const jsVersion = model.get("plotly_js_version");

  const plot = document.createElement("div");
  plot.className = "rt-chart-plot";
  const status = document.createElement("div");
  status.className = "rt-chart-status";
  status.setAttribute("role", "status");
  const words = document.createElement("span");
  const redraw = document.createElement("button");
  redraw.className = "rt-chart-redraw jupyter-button";
  redraw.textContent = "Redraw";
  redraw.style.display = "none";  // (not `hidden`: the button's own style would show it)
  status.append(words, redraw);
  el.classList.add("rt-chart");
  el.append(plot, status);

  let Plotly = null;
  let drawn = 0;          // the revision on screen (0: none)
  let drawing = false;
  let failure = null;     // the last failure in words (loading or drawing), until a draw succeeds
  let timer = null;
  let fixedWidth = false; // the figure sets its width; otherwise it follows its place's width
  let clicks = false;     // plotly's click handler is bound (plotly.js binds events once it has drawn)
  let alive = true;

  const state = () => {
    if (failure) return "failed";
    const wanted = source.get("revision");
    if (source.get("status") === "computing") return wanted ? "computing" : "loading";
    if (!wanted) return "empty";
    if (!Plotly) return "loading";
    if (drawing || drawn !== wanted) return "drawing";
    return "ready";
  };

  const reveal = () => {
    const now = state();
    if (now === "ready" || now === "empty") return;
    words.textContent = now === "failed" ? `This chart could not be drawn: ${failure}.` : WORDS[now];
    redraw.style.display = now === "failed" ? "" : "none";
    status.classList.toggle("rt-failed", now === "failed");
    status.classList.add("rt-shown");
    el.classList.add("rt-chart-stale");
  };

  const show = () => {
    const now = state();
    el.dataset.rtState = now;  // at once, for tests and scripts; the words come after SHOW_AFTER_MS
    el.dataset.rtRevision = String(drawn);
    clearTimeout(timer);
    if (now === "ready" || now === "empty") {
      status.classList.remove("rt-shown", "rt-failed");
      el.classList.remove("rt-chart-stale");
    } else if (now === "failed" || !drawn) {
      reveal();
    } else {
      timer = setTimeout(reveal, SHOW_AFTER_MS);
    }
  };

  const onClick = (event) => {
    const point = event && event.points && event.points[0];
    if (!point) return;
    source.send({kind: "click", meta: (point.data && point.data.meta) ?? null,
                 index: point.pointIndex ?? point.pointNumber ?? null});
  };

  const draw = async () => {
    if (drawing || !alive) return;
    drawing = true;
    show();
    let revision = source.get("revision");
    try {
      while (alive && source.get("revision") && drawn !== source.get("revision")) {
        revision = source.get("revision");
        const fig = figureOf(source);
        const lib = await plotlyFrom(source, version, jsVersion, bundleFor(fig));
        if (source.get("revision") !== revision) continue;   // a newer figure came while plotly.js loaded
        if (Plotly && lib !== Plotly) {   // a figure the cartesian bundle cannot draw: the full one takes over
          Plotly.purge(plot);
          clicks = false;
        }
        Plotly = lib;
        const layout = fig.layout || {};
        if (!layout.height) layout.height = DEFAULT_HEIGHT;
        fixedWidth = Boolean(layout.width);
        plot.style.minHeight = `${layout.height}px`;
        if (drawn && revivesText(plot.data, fig.data)) {
          Plotly.purge(plot);  // drawn afresh below (its click handler with it)
          clicks = false;
        }
        await Plotly.react(plot, fig.data || [], layout, configOf(Plotly, layout));
        drawn = revision;
        failure = null;
        if (!clicks && plot.on) {
          plot.on("plotly_click", onClick);
          clicks = true;
        }
        source.send({kind: "drawn", revision});
      }
    } catch (err) {
      failure = wordsOf(err);
      source.send({kind: "failed", revision, error: failure});
    } finally {
      drawing = false;
    }
    show();
  };

  redraw.addEventListener("click", () => {  // the kernel's latest figure, drawn afresh
    failure = null;
    drawn = 0;
    if (Plotly) Plotly.purge(plot);
    clicks = false;
    draw();
  });

  const onRevision = () => { draw(); };
  const onStatus = () => { show(); };
  source.on("change:revision", onRevision);
  source.on("change:status", onStatus);
  const resized = new ResizeObserver(() => {
    if (Plotly && drawn && !fixedWidth && plot.offsetWidth > 0) Plotly.Plots.resize(plot);
  });
  resized.observe(el);

  draw();

  return () => {
    alive = false;
    clearTimeout(timer);
    resized.disconnect();
    source.off("change:revision", onRevision);
    source.off("change:status", onStatus);
    if (Plotly) Plotly.purge(plot);
  };
}

export default { render };
