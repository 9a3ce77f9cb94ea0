import { fuzzContracts } from '../test/contract-fuzz.ts';

fuzzContracts(2);
