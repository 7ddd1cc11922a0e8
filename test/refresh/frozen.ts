/**
 * Frozen copies of records and live fixtures at a release with newer ones
 * on npm (test/fixtures/refresh/README.md), for the refresh tests.
 */
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';

/** The folder of frozen copies: `registry/<id>.yaml` and `live/<id>.json`. */
export const FROZEN_DIR = path.join(ROOT, 'test', 'fixtures', 'refresh');
