// How the seat link's Copy button copies (incognito_nb/ui/widgets/seat_link.js): the
// browser's clipboard where the page may use it, else the link shown selected.
import assert from "node:assert/strict";
import { test } from "node:test";

import { copyText } from "../../incognito_nb/ui/widgets/seat_link.js";

const LINK = "http://10.0.0.5:8866/voila/render/student.ipynb?code=K7QXM&token=abc";

test("with a clipboard, the link is written to it and nothing is selected", async () => {
  const written = [];
  let selected = 0;
  const outcome = await copyText(LINK, { clipboard: { writeText: async (text) => written.push(text) },
                                         select: () => { selected += 1; return true; } });
  assert.equal(outcome, "copied");
  assert.deepEqual(written, [LINK]);
  assert.equal(selected, 0);
});

test("without a clipboard (a page over plain http), the link is selected and copied the older way", async () => {
  let selected = 0;
  assert.equal(await copyText(LINK, { clipboard: undefined, select: () => { selected += 1; return true; } }),
               "copied");
  assert.equal(selected, 1);
});

test("a clipboard that refuses, and an older copy that fails, leave the link selected to copy by hand", async () => {
  const refusing = { writeText: async () => { throw new Error("NotAllowedError"); } };
  assert.equal(await copyText(LINK, { clipboard: refusing, select: () => false }), "selected");
  assert.equal(await copyText(LINK, { clipboard: {}, select: () => false }), "selected");
});
