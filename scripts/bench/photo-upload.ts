import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import http from "node:http";
import sharp from "sharp";

/**
 * The worksite photo upload under load (issue 12: a 4 MB JPEG with its thumbnail, p99 < 400 ms at 4
 * connections): `connections` clients send the same phone-sized photo, one after the other each, for
 * `seconds`, to worksites in progress taken in turn (20 photos a worksite at most).
 */

/** A 4,000 × 3,000 photo of noise (it does not compress), re-encoded until it weighs 3.5 to 4.5 MB. */
export async function fourMegabytePhoto(): Promise<Buffer> {
  const noise = sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 24 },
    },
  });
  const raw = await noise.raw().toBuffer();
  let quality = 80;
  for (;;) {
    const jpeg = await sharp(raw, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length >= 3_500_000 || quality >= 98) {
      if (jpeg.length <= 4_700_000) return jpeg;
      quality -= 3;
      continue;
    }
    quality += 3;
  }
}

/**
 * The multipart body in three pieces, the photo's buffer shared by every request: the client costs the
 * two cores it shares with the API as little as a phone would (no 4 MB copy per request).
 */
function multipart(projectId: string, photo: Buffer): { pieces: Buffer[]; length: number; type: string } {
  const boundary = `----propulse-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="chantier.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    pieces: [head, photo, tail],
    length: head.length + photo.length + tail.length,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** One upload through node:http (keep-alive): its status and body. */
function post(
  agent: http.Agent,
  url: URL,
  token: string,
  body: ReturnType<typeof multipart>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { authorization: `Bearer ${token}`, "content-type": body.type, "content-length": body.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    for (const piece of body.pieces) request.write(piece);
    request.end();
  });
}

export interface UploadFigures {
  count: number;
  p50: number;
  p99: number;
  failures: string[];
}

export async function measurePhotoUploads(options: {
  apiUrl: string;
  token: string;
  projectIds: readonly string[];
  photo: Buffer;
  connections: number;
  seconds: number;
}): Promise<UploadFigures> {
  const { apiUrl, token, projectIds, photo, connections, seconds } = options;
  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const url = new URL("/api/project-photos", apiUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const projectId = projectIds[next++ % projectIds.length];
        if (!projectId) return;
        const body = multipart(projectId, photo);
        const started = performance.now();
        const { status, text } = await post(agent, url, token, body);
        latencies.push(performance.now() - started);
        if (status !== 201) failures.push(`${status} ${text.slice(0, 120)}`);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), failures };
}

/**
 * The CPU time (user + system, ms) a process has used so far, read from /proc (Linux, 100 ticks a
 * second); `undefined` elsewhere. Per photo, it says what an upload costs whatever else the machine runs.
 */
export async function cpuMsOf(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  // After « (name) »: state is field 3, utime and stime fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return stat && Number.isFinite(ticks) ? ticks * 10 : undefined;
}
