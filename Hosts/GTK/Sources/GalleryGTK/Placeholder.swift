import ReuseGTK
