// Ticking the class's names at the table-mode setup form (incognito_nb/ui/widgets/name_ticks.js):
// the order ticked is the seating order, and a full table blocks the names not ticked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { blocked, toggled } from "../../incognito_nb/ui/widgets/name_ticks.js";

test("a name ticked comes last, in the order the teacher ticks", () => {
  assert.deepEqual(toggled([], "Cleo", true), ["Cleo"]);
  assert.deepEqual(toggled(["Cleo"], "Ana", true), ["Cleo", "Ana"]);
  assert.deepEqual(toggled(["Cleo", "Ana"], "Cleo", true), ["Ana", "Cleo"]);  // never twice
});

test("a name unticked leaves the others in their order", () => {
  assert.deepEqual(toggled(["Cleo", "Ana", "Ben"], "Ana", false), ["Cleo", "Ben"]);
  assert.deepEqual(toggled(["Cleo"], "Ben", false), ["Cleo"]);
});

test("a full table blocks the names not ticked, never the ticked ones", () => {
  const six = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"];
  assert.equal(blocked(six, "Gus", 6), true);
  assert.equal(blocked(six, "Ana", 6), false);
  assert.equal(blocked(six.slice(0, 5), "Gus", 6), false);
});
