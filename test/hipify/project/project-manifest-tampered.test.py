# Adds an output entry NAME whose SHA-256 is FILE's to the manifest IN,
# written to OUT: a manifest tampered with as an attacker would.
import hashlib, json, sys
src, dst, name, victim = sys.argv[1:5]
manifest = json.load(open(src))
digest = hashlib.sha256(open(victim, 'rb').read()).hexdigest()
manifest['outputs'][name] = {'sha256': digest, 'inputs': {}}
json.dump(manifest, open(dst, 'w'), indent=1)
