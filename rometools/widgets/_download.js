// rometools download saver: saves, in the browser, a file the kernel built when its button was clicked.
//
// The button is a core ipywidgets Button: its click reaches the kernel after the change of any box
// left by that click (a box syncs on blur, and the click's mousedown blurs it), so the kernel builds
// the file from the values on screen.  The file comes back on the download's source, a core
// ipywidgets model, as a custom message {kind: "file", id, name, mime} with the bytes as a buffer:
// a core model's messages never wait on anywidget's 2 s start-up (see _chart.js).  This view,
// drawn nowhere (display: none), saves it through a blob: link and tells the kernel
// {kind: "saved", id}.  Python side: rometools/widgets/_download.py.

const REF = "IPY_MODEL_";
const SAVED = "__rometoolsSaved";  // the files saved in this page: a second view of the button saves none again

function save(name, mime, bytes) {
  const url = URL.createObjectURL(new Blob([bytes], {type: mime || "application/octet-stream"}));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);  // the browser has read it long before
}

async function render({ model, el }) {
  el.classList.add("rt-download-saver");
  el.style.display = "none";
  const ref = model.get("source") || "";
  const source = await model.widget_manager.get_model(ref.startsWith(REF) ? ref.slice(REF.length) : ref);
  const onMessage = (msg, buffers) => {
    if (!msg || msg.kind !== "file" || !buffers || !buffers.length) return;
    const saved = (window[SAVED] = window[SAVED] || new Set());
    const key = `${source.model_id}:${msg.id}`;
    if (saved.has(key)) return;
    saved.add(key);
    save(String(msg.name || "download"), String(msg.mime || ""), buffers[0]);
    source.send({kind: "saved", id: msg.id});
  };
  source.on("msg:custom", onMessage);
  return () => source.off("msg:custom", onMessage);
}

export default { render };
