// Cuts a bundle's source map down to the sources a stack trace is worth mapping to, and to the
// mappings a stack trace needs (lineStarts).
//
// Node (24) turns the main module's source map into one array per mapping the first time it maps
// a position, and under --enable-source-maps that happens at start-up (pino asks util.getCallSites
// for its callers, which Node maps through the source map): some 90,000 mappings, 12 MB of heap,
// in every service, three quarters of them for generated code (ts-proto, Prisma clients). Positions
// in the dropped sources stay in the bundle's own terms (main.js:line), which is where generated
// code is read anyway; every other position maps to its exact line.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((c, i) => [c, i]));

function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = DIGIT[c];
    if (digit === undefined) throw new Error(`invalid source map segment ${text}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(value) {
  let vlq = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = vlq & 31;
    vlq >>>= 5;
    if (vlq > 0) digit |= 32;
    out += BASE64[digit];
  } while (vlq > 0);
  return out;
}

/** A mapped segment: its column delta, then its `count` fields relative to `out` (the last written), which it updates. */
function encodeMapped(columnDelta, abs, out, count) {
  let encoded = encodeValue(columnDelta);
  for (let i = 0; i < count; i++) {
    encoded += encodeValue(abs[i] - out[i]);
    out[i] = abs[i];
  }
  return encoded;
}

/** Each generated line's segments, decoded: the absolute generated column, and the other fields' deltas. */
function decodedLines(mappings) {
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((text) => {
        const [columnDelta, ...rest] = decodeSegment(text);
        column += columnDelta;
        return { column, rest };
      });
  });
}

/**
 * A copy of `map` (source map v3) in which every run of segments that map into a source `drop`
 * accepts becomes one segment that maps nowhere, so lookups in that run find no original position.
 * Sources, names and the generated positions of the kept segments are unchanged.
 */
export function trimSourceMap(map, drop) {
  const dropped = map.sources.map((source) => drop(source));
  // Absolute values of the fields that are relative to the previous segment (source, line, column, name).
  const abs = [0, 0, 0, 0];
  const out = [0, 0, 0, 0]; // the same, as last written
  let inDroppedRun = false;
  const lines = decodedLines(map.mappings).map((line) => {
    let written = 0; // generated column, as last written on this line
    const segments = [];
    for (const { column, rest } of line) {
      if (rest.length === 0) {
        inDroppedRun = false;
        segments.push(encodeValue(column - written));
        written = column;
        continue;
      }
      rest.forEach((delta, i) => (abs[i] += delta));
      if (dropped[abs[0]]) {
        if (!inDroppedRun) {
          segments.push(encodeValue(column - written));
          written = column;
        }
        inDroppedRun = true;
        continue;
      }
      inDroppedRun = false;
      segments.push(encodeMapped(column - written, abs, out, rest.length));
      written = column;
    }
    return segments.join(',');
  });
  return { ...map, mappings: lines.join(';') };
}

/**
 * A copy of `map` (source map v3, as trimSourceMap writes it) with, on each generated line, only
 * the segments where the original position moves to another line (or source), plus the segments
 * that carry a name and the one after each: a position then maps to its exact original line, and to
 * the column where that line's code starts on the generated line rather than its exact column.
 * Node keeps one array per mapping of the main module's map for the process's life (see above):
 * this keeps about 3 in 10 of a bundle's mappings. Names stay exact: Node names a frame after the
 * name of the mapping at its function's start, and a position past a named segment finds the
 * segment after it, as before.
 */
export function lineStarts(map) {
  const abs = [0, 0, 0, 0]; // as read: source, original line, original column, name
  const out = [0, 0, 0, 0]; // as last written
  const lines = decodedLines(map.mappings).map((line) => {
    let written = 0;
    let previous; // source and original line of the previous mapped segment on this line
    let afterName = false;
    const segments = [];
    for (const { column, rest } of line) {
      if (rest.length === 0) {
        segments.push(encodeValue(column - written));
        written = column;
        previous = undefined;
        afterName = false;
        continue;
      }
      rest.forEach((delta, i) => (abs[i] += delta));
      const at = `${abs[0]}:${abs[1]}`;
      const keep = at !== previous || rest.length === 4 || afterName;
      previous = at;
      afterName = rest.length === 4;
      if (!keep) continue;
      segments.push(encodeMapped(column - written, abs, out, rest.length));
      written = column;
    }
    return segments.join(',');
  });
  return { ...map, mappings: lines.join(';') };
}
