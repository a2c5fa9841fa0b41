// The bench's load generator in a process of its own (scripts/bench/bench.ts `measureHttp`): autocannon
// against one URL, its figures printed as JSON. The bench's own process holds the seeding's heap and the
// direct measures' pool; a load generator there paid their garbage collections in its latencies.
import autocannon from "autocannon";

const { url, connections, duration, headers } = JSON.parse(process.argv[2] ?? "{}");
const result = await autocannon({ url, connections, duration, headers });
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }),
);
