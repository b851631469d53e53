-- Social login bound to the browser and the frame that started it (issue 12). A login keeps the
-- modal's attempt id (posted back with the result), the SHA-256 of the attempt's binding (the modal
-- keeps the binding; the redeem needs it) and the SHA-256 of the browser cookie set at start (the
-- callback needs it). A redeem code keeps the binding hash of its login. Rows from before have none
-- and can no longer be completed or redeemed.
ALTER TABLE social_logins ADD COLUMN attempt text;
ALTER TABLE social_logins ADD COLUMN binding_hash text;
ALTER TABLE social_logins ADD COLUMN browser_hash text;
ALTER TABLE social_redeem_codes ADD COLUMN binding_hash text;
