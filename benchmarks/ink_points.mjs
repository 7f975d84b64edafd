// How many points a lively three-minute drawing keeps after the ink overlay's thinning, by
// the device's pointer rate (docs/platform-notes.md, "A drawing's cap").  Drives the real
// LiveInk (incognito_nb/ui/widgets/ink.js) with strokes of 0.5 s, the pen down 60 % of
// 180 s, curving at a steady speed, sampled at each rate as getCoalescedEvents() gives them.
//   node benchmarks/ink_points.mjs [min_step, default 2]
import { LiveInk } from "../incognito_nb/ui/widgets/ink.js";
import { FakeClock, FakeModel } from "../tests/js/fakes.mjs";

const minStep = Number(process.argv[2] || 2);
const TRAITS = { color: "#000000", width: 4, erase: false, settled: 0, hold_ms: 500, batch_ms: 100,
  early_flush_points: 1000, wait_ms: 2500, max_recovered: 500, recovery_key: "", locale: "en",
  waiting_texts: {}, room: -1, min_step: minStep };

function pointsKept(rate, speed, down = 0.6, seconds = 180, strokeS = 0.5) {
  const model = new FakeModel(TRAITS);
  const ink = new LiveInk(model, { storage: () => null, clock: new FakeClock() });
  let seed = 1;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let t = 0; t < seconds; t += strokeS / down) {
    let x = 100 + random() * 600, y = 100 + random() * 400, angle = random() * 6.28;
    const curl = (random() - 0.5) * 8;  // radians a second
    ink.begin(1, [x, y]);
    for (let i = 1; i <= strokeS * rate; i++) {
      angle += curl / rate;
      x += Math.cos(angle) * speed / rate;
      y += Math.sin(angle) * speed / rate;
      ink.extend([[Math.round(x * 10) / 10, Math.round(y * 10) / 10, 0.5]]);
    }
    ink.finish();
  }
  return model.sent.reduce((n, batch) => n + batch.points.length / 2, 0);
}

console.log(`min_step ${minStep} board units; points kept in 180 s, the pen down 60 % of the time`);
for (const rate of [60, 120, 240, 1000]) {
  console.log(`${String(rate).padStart(5)} Hz: ` + [300, 600].map((v) => `${v} units/s → ${pointsKept(rate, v)}`).join(", "));
}
