def f: "f";
