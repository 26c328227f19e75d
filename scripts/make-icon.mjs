// Draws images/icon.png (128x128): four toggle switches, one per MCP hint, on a dark rounded square.
// Only node built-ins: shapes are signed distance functions, 4x4 supersampled, written as an RGBA PNG with zlib.
// Run: node scripts/make-icon.mjs [out.png]   (the output is byte-for-byte reproducible)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const SIZE = 128;
const SAMPLES = 4; // per axis

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

/** Signed distance from (x, y) to a rounded rectangle centred at (cx, cy). Negative inside. */
function roundedRect(x, y, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(x - cx) - halfW + radius;
  const qy = Math.abs(y - cy) - halfH + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}
const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r;

// One row per hint, in the spec's order, with the value a careful read-only tool would declare:
// readOnlyHint on, destructiveHint off, idempotentHint on, openWorldHint off.
const rows = [
  { on: true, color: hex('#3fb950') },
  { on: false, color: hex('#f85149') },
  { on: true, color: hex('#58a6ff') },
  { on: false, color: hex('#d29922') },
];
const trackOff = hex('#3a4560');
const knob = hex('#ffffff');
const backgroundTop = hex('#1b2338');
const backgroundBottom = hex('#25365e');

/** The colour (RGBA, 0..255) of one sample point. */
function sample(x, y) {
  if (roundedRect(x, y, 64, 64, 62, 62, 26) > 0) return [0, 0, 0, 0];
  let rgb = mix(backgroundTop, backgroundBottom, y / SIZE);
  rows.forEach((row, i) => {
    const cy = 25 + i * 26;
    if (roundedRect(x, y, 64, cy, 38, 10, 10) <= 0) {
      rgb = row.on ? row.color : trackOff;
      // the track's colour stripe on the "off" switches, so every hint keeps its colour
      if (!row.on && roundedRect(x, y, 92, cy, 6, 2.5, 2.5) <= 0) rgb = mix(trackOff, row.color, 0.9);
    }
    const knobX = row.on ? 64 + 38 - 10 : 64 - 38 + 10;
    if (circle(x, y, knobX, cy, 7.5) <= 0) rgb = knob;
  });
  return [...rgb, 255];
}

function render() {
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const [r, g, b, a] = sample(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          // premultiplied, so transparent samples do not darken the edge
          sum[0] += (r * a) / 255;
          sum[1] += (g * a) / 255;
          sum[2] += (b * a) / 255;
          sum[3] += a;
        }
      }
      const n = SAMPLES * SAMPLES;
      const alpha = sum[3] / n;
      const o = (py * SIZE + px) * 4;
      for (let c = 0; c < 3; c++) pixels[o + c] = alpha === 0 ? 0 : Math.round(((sum[c] / n) * 255) / alpha);
      pixels[o + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  // compression, filter and interlace methods stay 0
  const rows = [];
  for (let y = 0; y < height; y++) {
    rows.push(Buffer.from([0]), rgba.subarray(y * width * 4, (y + 1) * width * 4)); // filter type 0 per row
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = process.argv[2] ?? path.join(import.meta.dirname, '..', 'images', 'icon.png');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, encodePng(SIZE, SIZE, render()));
console.log(`wrote ${out}`);
