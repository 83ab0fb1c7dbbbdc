#!/usr/bin/perl
# Husk conformance helper: a stand-in for Oils' spec/bin/show_fd_table.py: lists the open file
# descriptors of this process from /proc/self/fd, each with what it points to.
opendir(my $d, "/proc/self/fd") or die "FATAL: $!\n";
for my $fd (readdir $d) {
  next if $fd eq "." || $fd eq "..";
  my $to = readlink("/proc/self/fd/$fd");
  print defined $to ? "$fd $to\n" : "$fd $!\n";
}
