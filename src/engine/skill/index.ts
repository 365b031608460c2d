// Forecast skill (docs/skill.md): lead buckets, error sums, the evaluation and its result.
export { crpsOfSorted, ErrorSums, rankOfSorted } from './accumulators';
export { alignActual } from './align-actual';
export {
  evaluateSkill,
  needsMembers,
  persistenceValue,
  skillMetrics,
  skillReference,
  type EvaluateSkillOptions,
  type SkillReference,
} from './evaluate';
export { fixedDurationMillis, leadBuckets, type LeadBuckets, type LeadTimesOption } from './lead-times';
export {
  DEFAULT_SKILL_METRICS,
  ENSEMBLE_METRICS,
  SKILL_METRICS,
  SkillResult,
  type IssueRow,
  type NumericSkillMetric,
  type SkillMetric,
  type SkillResultInit,
  type SkillRow,
} from './skill-result';
