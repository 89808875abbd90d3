-- Repeatable: applied again by the runner whenever this file changes (see ../README.md).
-- The company is on a paid plan among p_plans (the ids of the plans with a feature, from
-- @paraphe/shared/plans: the features table stays in one place, the TypeScript one). Called by
-- the gateway's owner role (workers, jobs); members read their own plan through RLS instead.
create or replace function paraphe.company_plan_in(p_company uuid, p_plans text[]) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from paraphe.subscriptions s
                  where s.company_id = p_company and s.status = any(paraphe.paid_statuses()) and s.plan_id = any(p_plans))
$$;
revoke all on function paraphe.company_plan_in from public;
