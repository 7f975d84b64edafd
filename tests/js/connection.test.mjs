// Where a page that closed itself sends its goodbye (incognito_nb/ui/widgets/connection.js):
// the route and form field Voilà's own `beforeunload` handler uses.
import assert from "node:assert/strict";
import { test } from "node:test";

import { goodbyeRequest } from "../../incognito_nb/ui/widgets/connection.js";

const KERNEL = "0f9c4a52-1d4e-4f7b-9a55-6c2f3b9e8d10";

test("the goodbye goes to the page's own kernel route, with the page's _xsrf cookie", () => {
  assert.deepEqual(goodbyeRequest({ kernelId: KERNEL, baseUrl: "/" }, "a=1; _xsrf=2|abc|def; b=2"),
                   { url: `/voila/api/shutdown/${KERNEL}`, xsrf: "2|abc|def" });
  assert.deepEqual(goodbyeRequest({ kernelId: KERNEL, baseUrl: "/user/ana" }, ""),
                   { url: `/user/ana/voila/api/shutdown/${KERNEL}`, xsrf: "" });
  assert.equal(goodbyeRequest({ kernelId: KERNEL }, "_xsrf=x").url, `/voila/api/shutdown/${KERNEL}`);
});

test("without a kernel id that is one, no goodbye is sent", () => {
  for (const config of [null, {}, { kernelId: 7 }, { kernelId: "../../api/kernels" }, { kernelId: `${KERNEL}/x` }]) {
    assert.equal(goodbyeRequest(config, "_xsrf=x"), null);
  }
});
