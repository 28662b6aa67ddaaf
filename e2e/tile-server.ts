import { createServer, type Server } from "node:http";

/**
 * A street-map server on this machine for the map's online path (decision 0220): a MapLibre style
 * whose one vector source answers every tile with a small generated Mapbox Vector Tile — a grid of
 * "streets" — so journeys see a real style, real tiles and the CSP's allowance of the style's origin
 * without the internet. It counts what it served.
 */
export interface TileServer {
  served: { style: number; tiles: number };
  close(): Promise<void>;
}

const varint = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
};
const zigzag = (value: number) => (value << 1) ^ (value >> 31);
/** A length-delimited protobuf field. */
const field = (number: number, payload: number[]) => [
  ...varint((number << 3) | 2),
  ...varint(payload.length),
  ...payload,
];
const EXTENT = 4096;

/** One line feature, in tile coordinates: MoveTo the first point, LineTo the second. */
function lineFeature(id: number, [x0, y0]: [number, number], [x1, y1]: [number, number]): number[] {
  const geometry = [9, zigzag(x0), zigzag(y0), 10, zigzag(x1 - x0), zigzag(y1 - y0)].flatMap(varint);
  // id (1), type (3) = LINESTRING, geometry (4), packed.
  return [0x08, ...varint(id), 0x18, 2, ...field(4, geometry)];
}

/** A tile with one layer, "streets": four streets each way across it. */
export function streetsTile(): Buffer {
  const features: number[] = [];
  for (let step = 1; step <= 4; step++) {
    const at = (step * EXTENT) / 5;
    features.push(...field(2, lineFeature(step * 2, [0, at], [EXTENT, at])));
    features.push(...field(2, lineFeature(step * 2 + 1, [at, 0], [at, EXTENT])));
  }
  const name = [...Buffer.from("streets")];
  // version (15) = 2, name (1), features (2), extent (5).
  const layer = [0x78, 2, ...field(1, name), ...features, 0x28, ...varint(EXTENT)];
  return Buffer.from(field(3, layer));
}

export function streetsStyle(origin: string) {
  return {
    version: 8,
    name: "Local streets",
    sources: {
      streets: {
        type: "vector",
        tiles: [`${origin}/tiles/{z}/{x}/{y}.pbf`],
        minzoom: 0,
        maxzoom: 14,
        attribution: "Test streets",
      },
    },
    layers: [
      { id: "land", type: "background", paint: { "background-color": "#f2efe9" } },
      {
        id: "streets",
        type: "line",
        source: "streets",
        "source-layer": "streets",
        paint: { "line-color": "#ffffff", "line-width": 6 },
      },
    ],
  };
}

/** Listens on `port` (the host `tiles.localhost` reaches it from the browser). */
export async function startTileServer(port: number): Promise<TileServer> {
  const served = { style: 0, tiles: 0 };
  const tile = streetsTile();
  const origin = `http://tiles.localhost:${port}`;
  const server: Server = createServer((request, response) => {
    response.setHeader("access-control-allow-origin", "*");
    if (request.url === "/style.json") {
      served.style++;
      response.setHeader("content-type", "application/json");
      return response.end(JSON.stringify(streetsStyle(origin)));
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(request.url ?? "")) {
      served.tiles++;
      response.setHeader("content-type", "application/x-protobuf");
      return response.end(tile);
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((listening) => server.listen(port, listening));
  return { served, close: () => new Promise<void>((closed) => server.close(() => closed())) };
}
