def meh: "meh";
