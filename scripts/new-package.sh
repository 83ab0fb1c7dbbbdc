#!/usr/bin/env bash
# Scaffolds packages/NAME (or apps/NAME): package.json, tsconfig.json. Usage: new-package.sh DIR DESC DEPS...
set -eu
dir=$1; desc=$2; shift 2
name=@husk/$(basename "$dir")
mkdir -p "$dir/src"
deps=""; refs=""
for d in "$@"; do
  case $d in
    @husk/*) deps="$deps\"$d\": \"0.1.0\","; refs="$refs{ \"path\": \"../$(basename $d)\" },";;
    *=*) deps="$deps\"${d%%=*}\": \"${d#*=}\",";;
  esac
done
deps=${deps%,}; refs=${refs%,}
cat > "$dir/package.json" <<JSON
{
  "name": "$name",
  "version": "0.1.0",
  "description": "$desc",
  "license": "Apache-2.0",
  "type": "module",
  "sideEffects": false,
  "exports": {
    ".": {
      "husk-source": "./src/index.ts",
      "types": "./dist/index.d.ts",
      "default": "./dist/index.js"
    }
  },
  "main": "./dist/index.js",
  "types": "./dist/index.d.ts",
  "files": ["dist", "src", "!src/**/*.test.ts"],
  "scripts": {
    "build": "tsc -b",
    "typecheck": "tsc -b",
    "test": "vitest run --root ../.. --dir $(echo $dir)"
  },
  "dependencies": { $deps }
}
JSON
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist" },
  "include": ["src"],
  "exclude": ["src/**/*.test.ts"],
  "references": [ $refs ]
}
JSON
