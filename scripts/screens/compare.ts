import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Compares two folders of screenshots (scripts/screens/capture.spec.ts) pixel by pixel:
 * `node --import tsx scripts/screens/compare.ts <before> <after> [diff folder]` prints, per file,
 * the pixels that differ and their share, and writes an image of each difference (changed pixels
 * in red over a faded copy of the first) to the diff folder. Exits 1 when any screen differs in
 * more than 0.1% of its pixels or in size. PNGs are read here (8-bit RGB or RGBA, as Chromium
 * writes them) so the comparison needs no package of its own.
 */

interface Image {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel. */
  data: Uint8Array;
}

const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function readPng(file: string): Image {
  const bytes = fs.readFileSync(file);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error(`${file} is not a PNG`);
  let width = 0;
  let height = 0;
  let channels = 0;
  const compressed: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(`${file}: only 8-bit RGB or RGBA without interlacing is read here`);
    } else if (type === 'IDAT') compressed.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      rows[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, data: rows };
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set(rows.subarray(i * 3, i * 3 + 3), i * 4);
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

function writePng(file: string, image: Image) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const stride = image.width * 4;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++)
    raw.set(image.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  fs.writeFileSync(
    file,
    Buffer.concat([
      signature,
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** Pixels that differ (any channel); where the sizes differ, the part only one image has counts too. */
function compare(before: Image, after: Image) {
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const diff: Image = { width, height, data: new Uint8Array(width * height * 4) };
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBefore = x < before.width && y < before.height;
      const inAfter = x < after.width && y < after.height;
      const a = (y * before.width + x) * 4;
      const b = (y * after.width + x) * 4;
      const same =
        inBefore &&
        inAfter &&
        before.data[a] === after.data[b] &&
        before.data[a + 1] === after.data[b + 1] &&
        before.data[a + 2] === after.data[b + 2] &&
        before.data[a + 3] === after.data[b + 3];
      const out = (y * width + x) * 4;
      if (same) {
        // The unchanged page, faded, so the red stands out where it changed.
        const grey = (before.data[a]! + before.data[a + 1]! + before.data[a + 2]!) / 3;
        diff.data.set(
          [255, 255, 255].map((white) => Math.round(white - (white - grey) * 0.25)),
          out,
        );
      } else {
        differing += 1;
        diff.data.set([220, 0, 0], out);
      }
      diff.data[out + 3] = 255;
    }
  }
  return { differing, total: width * height, diff };
}

const [beforeDir, afterDir, diffDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error(
    'usage: node --import tsx scripts/screens/compare.ts <before folder> <after folder> [diff folder]',
  );
  process.exit(2);
}
if (diffDir) fs.mkdirSync(diffDir, { recursive: true });

const tolerance = 0.001;
const names = [...new Set([...fs.readdirSync(beforeDir), ...fs.readdirSync(afterDir)])]
  .filter((name) => name.endsWith('.png'))
  .sort();
let failed = false;
console.log(
  `| Screen | Size before | Size after | Differing pixels | Share |\n| --- | --- | --- | --- | --- |`,
);
for (const name of names) {
  const [beforeFile, afterFile] = [path.join(beforeDir, name), path.join(afterDir, name)];
  if (!fs.existsSync(beforeFile) || !fs.existsSync(afterFile)) {
    console.log(
      `| ${name} | ${fs.existsSync(beforeFile) ? 'present' : 'missing'} | ${fs.existsSync(afterFile) ? 'present' : 'missing'} | - | - |`,
    );
    failed = true;
    continue;
  }
  const [before, after] = [readPng(beforeFile), readPng(afterFile)];
  const { differing, total, diff } = compare(before, after);
  const share = differing / total;
  const resized = before.width !== after.width || before.height !== after.height;
  if (share > tolerance || resized) failed = true;
  if (diffDir && differing > 0) writePng(path.join(diffDir, name), diff);
  console.log(
    `| ${name} | ${before.width}×${before.height} | ${after.width}×${after.height} | ${differing} | ${(share * 100).toFixed(4)}% |`,
  );
}
process.exit(failed ? 1 : 0);
