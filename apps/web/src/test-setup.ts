import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a loaded CI machine (the whole suite, the browser tests
// beside it) a render can take longer than that. A wait that succeeds returns as soon as it can, so a longer
// bound only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 10_000 });
