import { checkDeclaredReads } from '../../projections/declared-reads';

// Every test that appends or rebuilds holds each projection to the tables it owns and declares.
checkDeclaredReads();
