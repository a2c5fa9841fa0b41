import { configure } from "@testing-library/react";

/**
 * `findBy…` and `waitFor` wait up to 5 s (Testing Library's default is 1 s). A lazily loaded dialog or
 * route takes a few hundred milliseconds alone, past a second on the 2-core machine shared during CI
 * (issue 33: eight component tests failed so, each passing alone). A passing test waits no longer.
 */
configure({ asyncUtilTimeout: 5_000 });
