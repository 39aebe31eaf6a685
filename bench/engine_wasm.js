// Engine speed in wasm under node: the default level (time-limited) on fixed
// positions through the browser's own binding (Game.think), printing
// nodes, milliseconds and nodes/s per position. Usage:
//   node --no-experimental-fetch bench/engine_wasm.js [path/to/zertz.js]
'use strict';
const path = require('path');

const positions = [
  ['37 start', 'standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0'],
  ['37 middle', 'standard 37 --../-...-/-...../..W.W../....../....-/..-. 2,7,8 1,1,1 1,0,1 0'],
  ['48 middle', 'standard 48 ---../---.../..-..W./...W..../-.....-/....../....-/G-.. 1,7,6 2,0,2 1,0,2 0'],
  ['61 opening', 'standard 61 W-.../....../......./......../....G..../......../......./....../-.... 5,7,10 0,0,0 0,0,0 0'],
];

(async () => {
  const js = process.argv[2] || path.resolve(__dirname, '../build/wasm/zertz.js');
  const M = await require(path.resolve(js))();
  const level = M.defaultLevel ? M.defaultLevel() : 3;
  let nodes = 0, ms = 0;
  for (const [name, text] of positions) {
    const g = new M.Game();
    const err = g.setPosition(text);
    if (err) throw new Error(`${name}: ${err}`);
    const t0 = process.hrtime.bigint();
    const r = JSON.parse(g.think(level, 0));
    const dt = Number(process.hrtime.bigint() - t0) / 1e6;
    nodes += r.nodes;
    ms += dt;
    console.log(`wasm level ${level} ${name}: move ${r.move} depth ${r.depth} nodes ${r.nodes} ${dt.toFixed(0)} ms ${(r.nodes / dt).toFixed(0)} knodes/s`);
    g.delete();
  }
  console.log(`wasm total: ${nodes} nodes in ${ms.toFixed(0)} ms = ${(nodes / ms).toFixed(0)} knodes/s`);
})().catch((e) => { console.error(e); process.exit(1); });
