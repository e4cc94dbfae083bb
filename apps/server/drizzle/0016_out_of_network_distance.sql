-- People the network reports as OUT_OF_NETWORK are 3rd+ degree contacts (distance 3): the badge and
-- the '3rd+' filter (distance in (3)) include them. Imports stored them without a degree until now;
-- of the rows without one, those the network gave an entity id came from the network (a contact
-- file carries no entity id), and the network names a degree for every member it shows.
UPDATE "contacts" SET "distance" = 3 WHERE "distance" IS NULL AND "linkedin_entity_id" IS NOT NULL;
