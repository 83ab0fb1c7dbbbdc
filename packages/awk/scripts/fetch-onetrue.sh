#!/bin/sh
# Downloads the One True AWK's Debian source package (for its testdir) into /tmp/ota without
# touching the system's apt configuration. Prints the testdir path.
set -e
mkdir -p /tmp/ota/lists/partial
cd /tmp/ota
echo "deb-src http://deb.debian.org/debian bookworm main" > src.list
O="-o Dir::Etc::SourceList=/tmp/ota/src.list -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists=/tmp/ota/lists"
apt-get $O update >/dev/null
apt-get $O source --download-only original-awk >/dev/null
tar xzf original-awk_*.orig.tar.gz
ls -d /tmp/ota/original-awk-*/testdir
