# The later definition shadows the earlier one.
def e: 1;
def e: 2;
