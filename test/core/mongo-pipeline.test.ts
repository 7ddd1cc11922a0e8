/**
 * SPEC 5.4.4: `mongo_pipeline_read_only` holds only for pipelines of
 * read-only stages with no write stage or server-side JavaScript anywhere.
 */
import { describe, expect, it } from 'vitest';
import { analyzePipeline, PIPELINE_LIMITS } from '../../src/core/mongo.ts';
import { evaluatePredicate } from '../../src/core/rules.ts';

const holds = (pipeline: unknown): boolean => analyzePipeline(pipeline).readOnly;

describe('read-only aggregation pipelines (SPEC 5.4.4)', () => {
  it('a match, group, sort and limit pipeline only reads', () => {
    expect(holds([{ $match: { status: 'A' } }, { $group: { _id: '$cust', total: { $sum: '$amount' } } }, { $sort: { total: -1 } }, { $limit: 5 }])).toBe(true);
  });

  it('an empty pipeline only reads', () => {
    expect(holds([])).toBe(true);
  });

  it('a top-level $out stage writes a collection', () => {
    expect(analyzePipeline([{ $match: {} }, { $out: 'copy' }])).toEqual({
      readOnly: false,
      reason: 'stage 2 is `$out`, which is not on the list of read-only stages',
    });
  });

  it('a top-level $merge stage writes a collection', () => {
    expect(holds([{ $merge: { into: 'other' } }])).toBe(false);
  });

  it('$merge hidden in a $facet sub-pipeline is found', () => {
    expect(analyzePipeline([{ $facet: { a: [{ $match: {} }], b: [{ $merge: 'x' }] } }])).toEqual({
      readOnly: false,
      reason: 'it uses `$merge`, which writes to a collection',
    });
  });

  it('$out hidden in a $lookup pipeline is found', () => {
    expect(holds([{ $lookup: { from: 'o', pipeline: [{ $out: 'x' }], as: 'j' } }])).toBe(false);
  });

  it('$out in a $unionWith pipeline is found', () => {
    expect(holds([{ $unionWith: { coll: 'o', pipeline: [{ $project: { a: 1 } }, { $out: 'x' }] } }])).toBe(false);
  });

  it('server-side JavaScript through $function is refused', () => {
    expect(analyzePipeline([{ $addFields: { x: { $function: { body: 'function(){}', args: [], lang: 'js' } } } }])).toEqual({
      readOnly: false,
      reason: 'it uses `$function`, which runs JavaScript on the server',
    });
  });

  it('$where inside a $match is refused', () => {
    expect(holds([{ $match: { $where: 'sleep(100)' } }])).toBe(false);
  });

  it('$accumulator inside a $group is refused', () => {
    expect(holds([{ $group: { _id: null, x: { $accumulator: {} } } }])).toBe(false);
  });

  it('a string value that spells $out is text, not a stage', () => {
    expect(holds([{ $match: { note: '$out' } }])).toBe(true);
  });

  it('an unknown stage fails closed', () => {
    expect(analyzePipeline([{ $changeStream: {} }]).reason).toBe('stage 1 is `$changeStream`, which is not on the list of read-only stages');
  });

  it('a stage with two keys fails closed', () => {
    expect(analyzePipeline([{ $match: {}, $out: 'x' }]).reason).toBe('stage 1 has 2 keys, not one');
  });

  it('a pipeline given as a string is not analysed', () => {
    expect(analyzePipeline('[{"$match":{}}]')).toEqual({ readOnly: false, reason: 'the pipeline is not a list of stages' });
  });

  it('a stage that is not an object fails closed', () => {
    expect(analyzePipeline([null]).reason).toBe('stage 1 is not an object');
  });

  it('a pipeline nested deeper than the limit fails closed', () => {
    let deep: unknown = 1;
    for (let i = 0; i < PIPELINE_LIMITS.depth + 5; i += 1) deep = { a: deep };
    expect(analyzePipeline([{ $match: deep }]).reason).toBe('the pipeline nests too deeply to analyse');
  });

  it('a pipeline with more nodes than the limit fails closed', () => {
    expect(analyzePipeline([{ $match: { a: Array.from({ length: PIPELINE_LIMITS.nodes }, () => 0) } }]).reason).toBe('the pipeline is too large to analyse');
  });

  it('the predicate reports an absent argument as not holding', () => {
    expect(evaluatePredicate({ mongo_pipeline_read_only: { arg: 'pipeline' } }, {})).toEqual({
      predicate: 'mongo_pipeline_read_only',
      arg: 'pipeline',
      held: false,
      detail: 'pipeline is absent',
    });
  });

  it('the predicate holds for a read-only pipeline argument', () => {
    expect(evaluatePredicate({ mongo_pipeline_read_only: { arg: 'pipeline' } }, { pipeline: [{ $match: {} }] }).held).toBe(true);
  });
});
