BEGIN TRANSACTION;
CREATE TABLE dropped_events (
    id INTEGER PRIMARY KEY,
    seq INTEGER,
    game_id INTEGER,
    at REAL,
    kind TEXT,
    payload TEXT,
    crc INTEGER,
    reason TEXT NOT NULL
);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games(id),
    at REAL NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    crc INTEGER NOT NULL
);
INSERT INTO "events" VALUES(1,1,1700000002.0,'table','{"deck":"fibonachos","event":"placed","face_down":false,"facing":null,"key":"x/1/S3","notation":"S3#1","position":[0.5,0.5],"zone":"spicy"}',345612142);
INSERT INTO "events" VALUES(2,4,1700000009.0,'command','{"args":{},"name":"end-turn"}',2824223284);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    variants TEXT NOT NULL,
    options TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL,
    result TEXT
);
INSERT INTO "games" VALUES(1,'fibonachos','["Ana","Ben","Cy"]','[]','{"dealer":2,"seed":7}',1700000001.0,1700000003.0,'{"reason":"abandoned","record":{"game":"fibonachos","players":["Ana","Ben","Cy"],"rounds":[{"dealer":2,"tricks":[{"plays":[],"spicy":"S3#1"}]}],"variants":[]},"score":{"complete":false,"flags":[],"game":"fibonachos","players":["Ana","Ben","Cy"],"rounds":[],"totals":[0,0,0],"winners":[]},"winners":[]}');
INSERT INTO "games" VALUES(2,'rummy21','["Ana","Ben"]','[]','{"seed":3}',1700000004.0,1700000005.0,'{"reason":"replaced","record":{"game":"rummy21","players":["Ana","Ben"],"rounds":[],"variants":[]},"score":{"complete":false,"flags":[],"game":"rummy21","players":["Ana","Ben"],"rounds":[],"totals":[0,0],"winners":[]},"winners":[]}');
INSERT INTO "games" VALUES(3,'trump','["Ana","Ben","Cy"]','[]','{"leader":7}',1700000006.0,1700000007.0,'{"reason":"unreadable"}');
INSERT INTO "games" VALUES(4,'hex','["Black","White"]','[]','{"mode":"referee","move-cards":"shuffled","seed":11}',1700000008.0,NULL,NULL);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "meta" VALUES('schema','2');
INSERT INTO "meta" VALUES('journal','7a4e493a80bbb011a6f0d00f96dc2aac');
INSERT INTO "meta" VALUES('opened','2026-11-27 21:41:53');
CREATE INDEX events_by_game ON events (game_id, seq);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('events',2);
COMMIT;
