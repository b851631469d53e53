-- Mobile apps a project allows (issue 22): the iOS bundle ids and Android package names whose
-- requests the relay and the API accept beside the web origins of allowed_origins.
ALTER TABLE projects ADD COLUMN allowed_bundle_ids jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE projects ADD COLUMN allowed_package_names jsonb NOT NULL DEFAULT '[]'::jsonb;
