-- Bank details printed on quotes that ask for a deposit, and the consumer mediator printed on
-- quotes to private clients (Code de la consommation, L612-1 and L616-1). Empty by default:
-- existing profiles keep working and print neither until the professional fills them in.
alter table paraphe.profiles
  add column iban text not null default '',
  add column bic text not null default '',
  add column mediator_name text not null default '',
  add column mediator_url text not null default '';
