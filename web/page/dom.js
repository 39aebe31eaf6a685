// @ts-check
// Small DOM helpers (no framework): h() builds an element, text nodes from strings.
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'class') e.className = v;
    else if (k === 'style') Object.assign(e.style, v);  // CSSOM, allowed under a strict CSP (style attributes are not)
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false)
    e.append(typeof c === 'string' || typeof c === 'number' ? String(c) : c);
  return e;
}

// The element a selector names in the page's own markup (it is there). Its
// kind (input, dialog, svg...) is the selector's: the result is not narrowed.
/** @type {(sel: string, root?: ParentNode) => any} */
export const $ = (sel, root = document) => root.querySelector(sel);
