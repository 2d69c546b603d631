import { describeRouteFuzz } from '../test/route-fuzz';

// One of three files that share the operations out, so the two test workers run them side by side.
describeRouteFuzz(3, 3);
