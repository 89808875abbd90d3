-- A new quote's two text sections get their own default from the profile. « Conditions
-- habituelles » (default_conditions) has only ever filled the quote's « Conditions d'exécution et
-- garanties »: it is renamed for that, so every existing text keeps filling the same section and
-- the profile now says where it goes. Payment terms, which most artisans wrote there, get their
-- own default, empty until the professional fills it in (nothing is guessed from old texts).
alter table paraphe.profiles rename column default_conditions to default_execution_conditions;
alter table paraphe.profiles add column default_payment_terms text not null default '';

comment on column paraphe.profiles.default_execution_conditions is
  'Fills « Conditions d''exécution et garanties » of each new quote (was default_conditions).';
comment on column paraphe.profiles.default_payment_terms is
  'Fills « Conditions de paiement » of each new quote.';
