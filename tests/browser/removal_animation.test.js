// A removed ring fades away as the ring it is, never as a thing that is not
// there: the animation's copy of the ring is styled as a ring (an unstyled
// SVG circle fills black, which flashed a solid black disc for 0.6 s).
// The animation is frozen part-way and its pixels sampled: the ring's face
// shows the ring's light colour, and no black disc is drawn.
'use strict';
const path = require('path');
const { run, openPage, settle, place, check } = require('./browser_util');

// The pixels of a PNG screenshot, read back by a blank page's canvas (the
// game's own page forbids data: images). Returns [r, g, b] per pixel.
async function pixels(browser, png) {
  const page = await browser.newPage();
  const data = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width, c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return { w: img.width, h: img.height, rgba: Array.from(g.getImageData(0, 0, img.width, img.height).data) };
  }, png.toString('base64'));
  await page.close();
  const out = [];
  for (let i = 0; i < data.rgba.length; i += 4) out.push(data.rgba.slice(i, i + 3));
  return { ...data, px: out };
}

run('removal animation draws a ring, not a black disc', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  await place(page, 'W', 'd4', 'a1');
  // Freeze every running animation a third of the way into the fade (it
  // starts 150 ms after the move and lasts 450 ms).
  const frozen = await page.evaluate(() => {
    const all = document.getAnimations();
    for (const a of all) { a.pause(); a.currentTime = 300; }
    return all.length;
  });
  check(frozen > 0, `the placement is animated (${frozen} animations)`);
  const ring = await page.$('.anim-ring');
  check(ring !== null, 'the removed ring has its animation copy');
  const face = await page.$eval('.anim-ring .ring-face', (e) => getComputedStyle(e).fill);
  check(!/^rgb\(0, 0, 0\)$|^black$/.test(face), `the copy's face is styled as a ring's, not the default black: ${face}`);
  const box = await ring.boundingBox();
  const png = await page.screenshot({ clip: box });
  await page.screenshot({ path: path.join(shots, 'removal-animation.png'), clip: { x: box.x - 40, y: box.y - 40, width: box.width + 80, height: box.height + 80 } });
  const { w, h, px } = await pixels(browser, png);
  // The ring's face: the annulus between its hole and its edge.
  const face2 = [], dark = [];
  for (let y = 0; y < h; ++y) for (let x = 0; x < w; ++x) {
    const d = Math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2) / (w / 2);
    if (d < 0.45 || d > 0.8) continue;
    const p = px[y * w + x];
    face2.push(p);
    if (Math.max(...p) < 40) dark.push(p);
  }
  const mean = face2.reduce((s, p) => s + (p[0] + p[1] + p[2]) / 3, 0) / face2.length;
  check(face2.length > 50, `sampled the ring's face: ${face2.length} pixels`);
  check(dark.length === 0, `no black pixel on the fading ring's face: ${dark.length} of ${face2.length} (e.g. ${JSON.stringify(dark.slice(0, 3))})`);
  check(mean > 120, `the fading ring's face is light, as a ring is: mean ${mean.toFixed(0)}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
