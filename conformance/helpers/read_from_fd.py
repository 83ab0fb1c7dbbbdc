#!/usr/bin/perl
# Husk conformance helper: a stand-in for Oils' spec/bin/read_from_fd.py: for each fd argument,
# reads up to 1024 bytes with one read(2) and prints "FD: " followed by them.
$| = 1;
for my $fd (@ARGV) {
  my $buf = "";
  my $fh;
  my $n;
  if (open($fh, "<&=", int($fd))) { $n = sysread($fh, $buf, 1024); }
  if (!defined $n) {
    print STDERR "FATAL: Error reading from fd $fd: [Errno 9] Bad file descriptor\n";
    exit 1;
  }
  print "$fd: $buf";
}
