def sym1: 1; def sym2: 1;
