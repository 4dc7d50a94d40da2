-- The seed lives in one entry only, `match.created` (rulesets draw chance through the judge
-- and never hold it, and a create's ruling records what was asked without it): the audit
-- trail has nothing to seal.
ALTER TABLE audit DROP COLUMN sealed;

-- A text decision (`match.say`) as its game read it; NULL for any other decision.
ALTER TABLE audit ADD COLUMN read jsonb;
